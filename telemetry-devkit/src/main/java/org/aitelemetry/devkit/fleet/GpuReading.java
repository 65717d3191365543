package org.aitelemetry.devkit.fleet;

/**
 * What one dcgm-exporter series of a whole GPU or a MIG instance reads at one instant; each {@link DcgmFamily} takes
 * its value from it. Device-wide readings (clock, temperatures, power, energy, XID) are the GPU's on each of its
 * instances; memory and engine activity are the series' own.
 *
 * @param utilization       percent as dcgm-exporter reports it, or {@link FleetReadings#INT32_BLANK}
 * @param memoryTemperature degrees, or {@link FleetReadings#INT64_NOT_SUPPORTED}
 * @param engineActive      ratio of time the graphics engine is active
 */
record GpuReading(long smClockMHz, long memoryTemperature, long gpuTemperature, double powerWatts,
        long energyMillijoules, long utilization, long lastXid, long memoryUsedMiB, long memoryTotalMiB,
        double engineActive) {
}
