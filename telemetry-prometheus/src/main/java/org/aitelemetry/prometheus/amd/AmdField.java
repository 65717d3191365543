package org.aitelemetry.prometheus.amd;

import java.util.List;
import java.util.stream.Stream;

/**
 * The device-metrics-exporter fields the apps read (contracts.md §5), each with the names it goes by and the factor to
 * the model's units. Under AMD's Helm chart every name carries the prefix {@code amd_}; run bare, none. MI2xx and MI3xx
 * boards publish power and temperature under different names, so a field lists each spelling, preferred first.
 *
 * <p>Exporters before v1.4.0 published unsupported values as sentinels (65535 and wider); the ceiling, far above any
 * real reading and below every sentinel, drops them where a query compares with it.
 */
public enum AmdField {
    /** Graphics-engine activity, %. */
    GFX_ACTIVITY(1, "100", "gpu_gfx_activity"),
    /** VRAM in use. AMD SMI says MB but counts MiB (an MI300X's 192 GB read 196,592), so it is stored as is. */
    USED_VRAM(1, "1048576", "gpu_used_vram"),
    /** Every board's VRAM: present on each GPU and partition, so the sync takes its inventory from it. */
    TOTAL_VRAM(1, "1048576", "gpu_total_vram"),
    /** Watts: the package power of MI3xx, the average package power of MI2xx. */
    POWER(1, "10000", "gpu_package_power", "gpu_average_package_power"),
    /** °C: the junction (hotspot) of MI3xx, the edge of MI2xx, which has no junction figure in the exporter. */
    TEMPERATURE(1, "200", "gpu_junction_temperature", "gpu_edge_temperature"),
    MEMORY_TEMPERATURE(1, "200", "gpu_memory_temperature"),
    /**
     * Microjoules since the driver loaded; stored in joules. The ceiling (decades at a kilowatt) lies below the
     * sentinels of a 64-bit counter.
     */
    ENERGY(0.000001, "1e18", "gpu_energy_consumed");

    /** The prefix AMD's Helm chart gives every metric. */
    public static final String HELM_PREFIX = "amd_";

    private final double toModelUnit;
    private final String ceiling;
    private final List<String> names;

    AmdField(double toModelUnit, String ceiling, String... names) {
        this.toModelUnit = toModelUnit;
        this.ceiling = ceiling;
        this.names = List.of(names);
    }

    /** Every metric name the field may be published under: each spelling bare, then with the Helm prefix. */
    public List<String> metrics() {
        return Stream.concat(names.stream(), names.stream().map(name -> HELM_PREFIX + name)).toList();
    }

    public double toModelUnit(double value) {
        return value * toModelUnit;
    }

    /** The most a real reading can be, as a PromQL number. */
    public String ceiling() {
        return ceiling;
    }
}
