package org.aitelemetry.site.fleet;

/**
 * One GPU of the node page's grid: its latest readings, verdict and MIG slices (partitions of an AMD GPU). Readings
 * are null when unknown.
 */
public record NodeGpuCard(String uuid, Integer index, String model, String vendor, boolean migEnabled, int slices,
        Double utilizationPercent, Double memoryUsedMib, Double memoryFreeMib, Double powerWatts,
        Double temperatureCelsius, String health, String healthReason, String state) {

    public boolean amd() {
        return SliceKind.of(vendor) == SliceKind.AMD_PARTITION;
    }

    /** Used plus free: the memory the driver reports, or null when either reading is missing. */
    public Double memoryTotalMib() {
        return memoryUsedMib == null || memoryFreeMib == null ? null : memoryUsedMib + memoryFreeMib;
    }
}
