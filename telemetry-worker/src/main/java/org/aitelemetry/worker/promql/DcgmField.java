package org.aitelemetry.worker.promql;

/** The dcgm-exporter fields the sync reads, with the factor that converts them to the model's units. */
public enum DcgmField {
    GPU_UTIL("DCGM_FI_DEV_GPU_UTIL", 1),
    FB_USED("DCGM_FI_DEV_FB_USED", 1),
    POWER_USAGE("DCGM_FI_DEV_POWER_USAGE", 1),
    GPU_TEMP("DCGM_FI_DEV_GPU_TEMP", 1),
    MEMORY_TEMP("DCGM_FI_DEV_MEMORY_TEMP", 1),
    /** Millijoules since the driver loaded; stored in joules. */
    TOTAL_ENERGY("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", 0.001),
    /** 0–1; the utilization figure that exists for MIG instances. */
    GR_ENGINE_ACTIVE("DCGM_FI_PROF_GR_ENGINE_ACTIVE", 1);

    private final String metric;
    private final double toModelUnit;

    DcgmField(String metric, double toModelUnit) {
        this.metric = metric;
        this.toModelUnit = toModelUnit;
    }

    public String metric() {
        return metric;
    }

    public double toModelUnit(double value) {
        return value * toModelUnit;
    }
}
