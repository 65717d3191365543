package org.aitelemetry.devkit.fleet;

import java.io.IOException;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The dcgm-exporter families the simulator serves, in {@code default-counters.csv} order (plus the DCP ratios), each
 * with its value taken from a {@link GpuReading}. The one list both the live pages and the simulated past write.
 */
enum DcgmFamily {

    SM_CLOCK("DCGM_FI_DEV_SM_CLOCK", "SM clock frequency (in MHz).", GpuReading::smClockMHz),
    MEMORY_TEMP("DCGM_FI_DEV_MEMORY_TEMP", "Memory temperature (in C).", GpuReading::memoryTemperature),
    GPU_TEMP("DCGM_FI_DEV_GPU_TEMP", "GPU temperature (in C).", GpuReading::gpuTemperature),
    POWER_USAGE("DCGM_FI_DEV_POWER_USAGE", "Power draw (in W).", GpuReading::powerWatts),
    TOTAL_ENERGY("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "Total energy consumption since boot (in mJ).",
            GpuReading::energyMillijoules, Kind.COUNTER),
    /** dcgm-exporter leaves it out on MIG GPUs. */
    GPU_UTIL("DCGM_FI_DEV_GPU_UTIL", "GPU utilization (in %).", GpuReading::utilization, Kind.WHOLE_GPU),
    XID_ERRORS("DCGM_FI_DEV_XID_ERRORS", "Value of the last XID error encountered.", GpuReading::lastXid),
    FB_FREE("DCGM_FI_DEV_FB_FREE", "Framebuffer memory free (in MiB).",
            (GpuReading reading) -> reading.memoryTotalMiB() - reading.memoryUsedMiB()),
    FB_USED("DCGM_FI_DEV_FB_USED", "Framebuffer memory used (in MiB).", GpuReading::memoryUsedMiB),
    GR_ENGINE_ACTIVE("DCGM_FI_PROF_GR_ENGINE_ACTIVE", "Ratio of time the graphics engine is active.",
            GpuReading::engineActive),
    PIPE_TENSOR_ACTIVE("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "Ratio of cycles the tensor (HMMA) pipe is active.",
            (GpuReading reading) -> 0.6 * reading.engineActive()),
    DRAM_ACTIVE("DCGM_FI_PROF_DRAM_ACTIVE",
            "Ratio of cycles the device memory interface is active sending or receiving data.",
            (GpuReading reading) -> 0.35 * reading.engineActive());

    /** A series of a page: its labels, whether it is a whole GPU (not a MIG instance), and its reading. */
    record Series(String labels, boolean wholeGpu, GpuReading reading) {
    }

    private enum Kind { GAUGE, COUNTER, WHOLE_GPU }

    private final String metric;
    private final String help;
    /** Integer families keep the sentinels' exact values, which a double cannot hold. */
    private final ToLongFunction<GpuReading> integer;
    private final ToDoubleFunction<GpuReading> decimal;
    private final Kind kind;

    DcgmFamily(String metric, String help, ToLongFunction<GpuReading> integer, Kind kind) {
        this.metric = metric;
        this.help = help;
        this.integer = integer;
        this.decimal = null;
        this.kind = kind;
    }

    DcgmFamily(String metric, String help, ToLongFunction<GpuReading> integer) {
        this(metric, help, integer, Kind.GAUGE);
    }

    DcgmFamily(String metric, String help, ToDoubleFunction<GpuReading> decimal) {
        this.metric = metric;
        this.help = help;
        this.integer = null;
        this.decimal = decimal;
        this.kind = Kind.GAUGE;
    }

    String metric() {
        return metric;
    }

    /** Writes every family not {@code omitted}, each with a sample per series it applies to. */
    static void writeAll(List<Series> series, Predicate<String> omitted, SampleSink sink) throws IOException {
        for (DcgmFamily family : values()) {
            if (!omitted.test(family.metric)) {
                family.write(series, sink);
            }
        }
    }

    private void write(List<Series> series, SampleSink sink) throws IOException {
        sink.family(metric, kind == Kind.COUNTER ? "counter" : "gauge", help);
        for (Series s : series) {
            if (kind == Kind.WHOLE_GPU && !s.wholeGpu()) {
                continue;
            }
            if (decimal != null) {
                sink.sample(metric, s.labels(), decimal.applyAsDouble(s.reading()));
            } else {
                sink.sample(metric, s.labels(), integer.applyAsLong(s.reading()));
            }
        }
    }
}
