package org.aitelemetry.site.fleet;

import java.time.OffsetDateTime;
import org.aitelemetry.site.ngsild.CommonTerms;
import org.aitelemetry.site.ngsild.NgsiLdEntity;
import org.aitelemetry.site.ngsild.NgsiLdRepresentable;

/** The wire model of a GPU device with its latest readings and health verdict (schema {@code Device}). */
public record DeviceView(String uuid, String cluster, String node, Integer index, String pciBusId, String serial,
        String productName, String vendor, boolean migEnabled, Double utilizationPercent, Double memoryUsedMib, Double memoryFreeMib,
        Double powerWatts, Double temperatureCelsius, Double memoryTemperatureCelsius, Double energyJoules,
        OffsetDateTime readingsAt, String health, String healthReason, OffsetDateTime healthAt, String state,
        OffsetDateTime lastSeenAt) implements NgsiLdRepresentable {

    /** True for an AMD GPU, whose slices are partitions rather than MIG instances. */
    public boolean amd() {
        return SliceKind.of(vendor) == SliceKind.AMD_PARTITION;
    }

    @Override
    public NgsiLdEntity toNgsiLd() {
        return NgsiLdEntity.of(CommonTerms.GPU_DEVICE, uuid)
                .relationship(CommonTerms.NODE, CommonTerms.AI_NODE, cluster, node)
                .relationship(GpuTerms.GPU_SKU, CommonTerms.GPU, productName)
                .property(GpuTerms.INDEX, index)
                .property(GpuTerms.PCI_BUS_ID, pciBusId)
                .property(GpuTerms.SERIAL, serial)
                .property(GpuTerms.PRODUCT_NAME, productName)
                .property(GpuTerms.VENDOR, vendor)
                .property(GpuTerms.MIG_ENABLED, migEnabled)
                .reading(CommonTerms.UTILIZATION, utilizationPercent, readingsAt)
                .reading(GpuTerms.MEMORY_USED, memoryUsedMib, readingsAt)
                .reading(GpuTerms.MEMORY_FREE, memoryFreeMib, readingsAt)
                .reading(GpuTerms.POWER, powerWatts, readingsAt)
                .reading(GpuTerms.TEMPERATURE, temperatureCelsius, readingsAt)
                .reading(GpuTerms.MEMORY_TEMPERATURE, memoryTemperatureCelsius, readingsAt)
                .reading(CommonTerms.ENERGY, energyJoules, readingsAt)
                .property(CommonTerms.HEALTH, health)
                .property(CommonTerms.HEALTH_REASON, healthReason)
                .property(FleetTerms.HEALTH_AT, healthAt)
                .property(CommonTerms.STATE, state)
                .property(CommonTerms.LAST_SEEN_AT, lastSeenAt);
    }
}
