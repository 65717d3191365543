package org.aitelemetry.devkit.fleet;

/**
 * What one device-metrics-exporter series of a whole GPU or a partition reads at one instant; each {@link AmdFamily}
 * takes its value from it. Activity and VRAM are the series' own; the physical readings are the board's, and only a
 * whole GPU or partition 0 publishes them.
 *
 * @param power              watts, or {@link AmdDevice#SENTINEL}
 * @param temperature        °C (junction on MI3xx, edge on MI2xx), or {@link AmdDevice#SENTINEL}
 * @param energyMicrojoules  energy since the driver loaded, a counter published as a gauge
 */
record AmdReading(double activityPercent, long usedVramMiB, long totalVramMiB, double power, long temperature,
        long memoryTemperature, long energyMicrojoules) {

    /**
     * The reading of a GPU or partition whose own activity is {@code activity}, on a board whose compute-weighted
     * activity is {@code boardActivity}: power, temperatures by the same physics as {@link FleetReadings}.
     */
    static AmdReading of(AmdDevice amd, double activity, double boardActivity, long usedVramMiB,
            long energyMicrojoules) {
        double watts = FleetReadings.powerWatts(amd.model().gpu(), boardActivity);
        int temperature = FleetReadings.gpuTemperatureCelsius(watts);
        boolean sentinel = amd.device().blank();
        return new AmdReading(activity, usedVramMiB, amd.memoryMiB(), sentinel ? AmdDevice.SENTINEL : watts,
                sentinel ? AmdDevice.SENTINEL : temperature,
                sentinel ? AmdDevice.SENTINEL : temperature + FleetReadings.HBM_ABOVE_DIE_CELSIUS, energyMicrojoules);
    }
}
