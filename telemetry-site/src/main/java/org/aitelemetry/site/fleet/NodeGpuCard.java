package org.aitelemetry.site.fleet;

/** One GPU of the node page's grid: its latest readings, verdict and MIG slices. Readings are null when unknown. */
public record NodeGpuCard(String uuid, Integer index, String model, boolean migEnabled, int slices,
        Double utilizationPercent, Double memoryUsedMib, Double memoryFreeMib, Double powerWatts,
        Double temperatureCelsius, String health, String healthReason, String state) {

    /** Used plus free: the memory the driver reports, or null when either reading is missing. */
    public Double memoryTotalMib() {
        return memoryUsedMib == null || memoryFreeMib == null ? null : memoryUsedMib + memoryFreeMib;
    }
}
