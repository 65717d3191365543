package org.aitelemetry.prometheus.dcgm;

/**
 * The dcgm-exporter fields the apps read (contracts.md §5): the worker's sync stores each, the site's charts draw
 * them. Each carries the factor that converts it to the model's units, and the most a real reading can be: DCGM's blank
 * sentinels lie far above every such ceiling, so a query comparing with it drops them.
 */
public enum DcgmField {
    GPU_UTIL("DCGM_FI_DEV_GPU_UTIL", 1, "100"),
    /** MiB; a TiB is more than any GPU has. */
    FB_USED("DCGM_FI_DEV_FB_USED", 1, "1048576"),
    POWER_USAGE("DCGM_FI_DEV_POWER_USAGE", 1, "10000"),
    GPU_TEMP("DCGM_FI_DEV_GPU_TEMP", 1, "200"),
    MEMORY_TEMP("DCGM_FI_DEV_MEMORY_TEMP", 1, "200"),
    /**
     * Millijoules since the driver loaded; stored in joules. The ceiling applies to its increase over a chart's step
     * (10 MWh, beyond any GPU).
     */
    TOTAL_ENERGY("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", 0.001, "1e13"),
    /** 0–1; the utilization figure that exists for MIG instances. */
    GR_ENGINE_ACTIVE("DCGM_FI_PROF_GR_ENGINE_ACTIVE", 1, "1");

    /** Free framebuffer (MiB): present for every GPU and MIG instance, so the sync takes its inventory from it. */
    public static final String FB_FREE_METRIC = "DCGM_FI_DEV_FB_FREE";

    private final String metric;
    private final double toModelUnit;
    private final String ceiling;

    DcgmField(String metric, double toModelUnit, String ceiling) {
        this.metric = metric;
        this.toModelUnit = toModelUnit;
        this.ceiling = ceiling;
    }

    public String metric() {
        return metric;
    }

    public double toModelUnit(double value) {
        return value * toModelUnit;
    }

    /** The most a real reading can be, as a PromQL number. */
    public String ceiling() {
        return ceiling;
    }
}
