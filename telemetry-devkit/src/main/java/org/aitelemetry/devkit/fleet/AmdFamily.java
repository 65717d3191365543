package org.aitelemetry.devkit.fleet;

import java.io.IOException;
import java.util.List;
import java.util.function.Function;

/**
 * The device-metrics-exporter fields the simulator serves, each with its MI3xx and MI2xx spelling (the same for most)
 * and its value taken from an {@link AmdReading}. The one list both the live pages and the simulated past write.
 */
enum AmdFamily {

    GFX_ACTIVITY("gpu_gfx_activity", "Graphics engine activity (%).", AmdReading::activityPercent, false),
    USED_VRAM("gpu_used_vram", "Used VRAM (MB).", reading -> reading.usedVramMiB(), false),
    TOTAL_VRAM("gpu_total_vram", "Total VRAM (MB).", reading -> reading.totalVramMiB(), false),
    FREE_VRAM("gpu_free_vram", "Free VRAM (MB).", reading -> reading.totalVramMiB() - reading.usedVramMiB(), false),
    POWER("gpu_package_power", "gpu_average_package_power", "Package power (W).", AmdReading::power),
    TEMPERATURE("gpu_junction_temperature", "gpu_edge_temperature", "Temperature (C).",
            reading -> reading.temperature()),
    MEMORY_TEMPERATURE("gpu_memory_temperature", "gpu_memory_temperature", "Memory temperature (C).",
            reading -> reading.memoryTemperature()),
    ENERGY("gpu_energy_consumed", "gpu_energy_consumed", "Energy consumed (uJ).",
            reading -> reading.energyMicrojoules()),
    ECC_UNCORRECTABLE("gpu_ecc_uncorrect_total", "gpu_ecc_uncorrect_total", "Uncorrectable ECC errors.",
            reading -> 0L),
    ECC_CORRECTABLE("gpu_ecc_correct_total", "gpu_ecc_correct_total", "Correctable ECC errors.", reading -> 0L);

    /** The prefix AMD's Helm chart gives every metric name. */
    static final String HELM_PREFIX = "amd_";

    /** A series of a page: its labels, its board's generation, whether it carries physical readings, its reading. */
    record Series(String labels, boolean mi300Series, boolean physical, AmdReading reading) {
    }

    private final String mi300Name;
    private final String mi200Name;
    private final String help;
    /** A {@code Long} for integer fields, a {@code Double} for decimal ones. */
    private final Function<AmdReading, Number> value;
    /** Whether only a whole GPU or partition 0 publishes it: the board's physical readings. */
    private final boolean physical;

    AmdFamily(String name, String help, Function<AmdReading, Number> value, boolean physical) {
        this(name, name, help, value, physical);
    }

    AmdFamily(String mi300Name, String mi200Name, String help, Function<AmdReading, Number> value) {
        this(mi300Name, mi200Name, help, value, true);
    }

    AmdFamily(String mi300Name, String mi200Name, String help, Function<AmdReading, Number> value, boolean physical) {
        this.mi300Name = mi300Name;
        this.mi200Name = mi200Name;
        this.help = help;
        this.value = value;
        this.physical = physical;
    }

    /** The metric name a board of this generation publishes, with the Helm chart's prefix or bare. */
    String metric(boolean mi300Series, boolean helmPrefix) {
        return (helmPrefix ? HELM_PREFIX : "") + (mi300Series ? mi300Name : mi200Name);
    }

    /** Writes every family: each spelling in use, once, with a sample per series it applies to. */
    static void writeAll(List<Series> series, boolean helmPrefix, SampleSink sink) throws IOException {
        for (AmdFamily family : values()) {
            family.write(series, true, helmPrefix, sink);
            if (!family.mi200Name.equals(family.mi300Name)) {
                family.write(series, false, helmPrefix, sink);
            }
        }
    }

    private void write(List<Series> series, boolean mi300Spelling, boolean helmPrefix, SampleSink sink)
            throws IOException {
        boolean bothSpellings = mi200Name.equals(mi300Name);
        List<Series> applying = series.stream()
                .filter(s -> bothSpellings || s.mi300Series() == mi300Spelling)
                .filter(s -> !physical || s.physical()).toList();
        if (applying.isEmpty()) {
            return;
        }
        String metric = metric(mi300Spelling, helmPrefix);
        sink.family(metric, "gauge", help);
        for (Series s : applying) {
            // Integer fields stay exact: an energy counter in µJ outgrows a double's integers within a year.
            Number reading = value.apply(s.reading());
            if (reading instanceof Long integer) {
                sink.sample(metric, s.labels(), integer);
            } else {
                sink.sample(metric, s.labels(), reading.doubleValue());
            }
        }
    }
}
