package org.aitelemetry.site.fleet;

import org.aitelemetry.model.fleet.GpuVendor;
import org.aitelemetry.site.api.QueryParams;

/** The device list's filters: the shared inventory ones plus the vendor (an unknown one is a 400 with the values). */
public record DeviceFilter(FleetFilter fleet, String vendor) {

    public static DeviceFilter parse(String cluster, String node, String model, String state, String health,
            String vendor) {
        GpuVendor maker = QueryParams.enumerated("vendor", vendor, GpuVendor.class);
        return new DeviceFilter(FleetFilter.parse(cluster, node, model, state, health),
                maker == null ? null : maker.name());
    }
}
