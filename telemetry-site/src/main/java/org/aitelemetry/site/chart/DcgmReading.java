package org.aitelemetry.site.chart;

/**
 * The dcgm-exporter readings the charts draw, each with the most a real reading can be. DCGM's "blank" sentinels
 * (e.g. 2147483632 for int32 fields, contracts.md §5) lie far above every bound, so comparing with it drops them
 * instead of averaging them in.
 */
enum DcgmReading {
    GPU_UTIL("DCGM_FI_DEV_GPU_UTIL", "100"),
    GR_ENGINE_ACTIVE("DCGM_FI_PROF_GR_ENGINE_ACTIVE", "1"),
    /** MiB; a TiB is more than any GPU has. */
    FB_USED("DCGM_FI_DEV_FB_USED", "1048576"),
    POWER("DCGM_FI_DEV_POWER_USAGE", "10000"),
    GPU_TEMP("DCGM_FI_DEV_GPU_TEMP", "200"),
    MEMORY_TEMP("DCGM_FI_DEV_MEMORY_TEMP", "200"),
    /** A counter in mJ: the bound applies to its increase over one step (10 MWh, beyond any GPU). */
    TOTAL_ENERGY("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "1e13");

    private final String metric;
    private final String bound;

    DcgmReading(String metric, String bound) {
        this.metric = metric;
        this.bound = bound;
    }

    String metric() {
        return metric;
    }

    /** The expression with readings above the bound (blanks) dropped. */
    String plausible(String expression) {
        return "(" + expression + " <= " + bound + ")";
    }
}
