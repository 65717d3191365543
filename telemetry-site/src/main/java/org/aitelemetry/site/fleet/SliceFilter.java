package org.aitelemetry.site.fleet;

import org.aitelemetry.site.api.QueryParams;

/** The slice list's filters: the shared inventory ones plus the GPU's UUID and the MIG profile. */
public record SliceFilter(FleetFilter fleet, String device, String profile) {

    public static SliceFilter parse(String cluster, String node, String device, String profile, String state) {
        return new SliceFilter(FleetFilter.parse(cluster, node, null, state, null),
                QueryParams.text("device", device, DeviceResource.UUID_MAX_LENGTH),
                QueryParams.text("profile", profile, 32));
    }
}
