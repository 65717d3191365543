package org.aitelemetry.site.chart;

import java.time.Duration;
import java.util.List;
import org.aitelemetry.prometheus.amd.AmdField;
import org.aitelemetry.site.chart.ChartTarget.Device;

/**
 * The device charts of an AMD GPU, selected by its board serial: activity (the average of its partitions when it is
 * partitioned), VRAM used (summed over partitions), and the board's power, temperatures and energy, which a
 * partitioned GPU publishes on partition 0 ({@link AmdPromql#BOARD}). Units as {@link ChartName}'s DCGM lines.
 */
final class AmdDeviceCharts {

    /** The energy counter is in µJ: 1 Wh = 3.6e9 µJ. */
    private static final String MICROJOULES_PER_WH = "3.6e9";

    private AmdDeviceCharts() {
    }

    static List<SeriesQuery> utilization(Device device) {
        String activity = "(" + AmdPromql.valid(AmdField.GFX_ACTIVITY, AmdPromql.ofDevice(device)) + ")";
        return List.of(new SeriesQuery("utilization", device.cluster(),
                (device.migEnabled() ? "avg" : "max") + activity));
    }

    static List<SeriesQuery> memory(Device device) {
        return List.of(new SeriesQuery("used", device.cluster(),
                "sum(" + AmdPromql.valid(AmdField.USED_VRAM, AmdPromql.ofDevice(device)) + ")"));
    }

    static List<SeriesQuery> power(Device device) {
        return List.of(new SeriesQuery("power", device.cluster(), ofBoard(AmdField.POWER, device)));
    }

    static List<SeriesQuery> temperature(Device device) {
        return List.of(new SeriesQuery("GPU", device.cluster(), ofBoard(AmdField.TEMPERATURE, device)),
                new SeriesQuery("memory", device.cluster(), ofBoard(AmdField.MEMORY_TEMPERATURE, device)));
    }

    static List<SeriesQuery> energy(Device device, Duration step) {
        String increases = AmdPromql.validIncrease(AmdField.ENERGY, board(device), step);
        return List.of(new SeriesQuery("energy", device.cluster(),
                "max(" + increases + ") / " + MICROJOULES_PER_WH));
    }

    private static String ofBoard(AmdField field, Device device) {
        return "max(" + AmdPromql.valid(field, board(device)) + ")";
    }

    private static String board(Device device) {
        return AmdPromql.ofDevice(device) + ", " + AmdPromql.BOARD;
    }
}
