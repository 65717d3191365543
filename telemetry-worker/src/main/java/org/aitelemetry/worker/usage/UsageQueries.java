package org.aitelemetry.worker.usage;

/**
 * The PromQL of the usage rollup: three range queries per source and hour, each over the whole fleet. Series are
 * grouped by device identity and by the pod labels in both spellings (contracts.md §5), so a series changes only when
 * the holder does. DCGM blank sentinels are dropped inside the query, before aggregation, where {@code max} would
 * otherwise pick a sentinel over a reading: each field is kept below the lowest blank of its DCGM type
 * ({@code dcgm_structs.h}: int32 from 0x7ffffff0, double from 2^47, int64 from 0x7ffffffffffffff0).
 */
final class UsageQueries {

    private static final String HOLDER =
            "namespace, pod, container, exported_namespace, exported_pod, exported_container";
    private static final String BELOW_INT32_BLANK = " < 2147483632";
    private static final String BELOW_FP64_BLANK = " < 140737488355328";
    private static final String BELOW_INT64_BLANK = " < 9223372036854775000";

    /** Utilization (%) of whole GPUs per holder; MIG GPUs have none. */
    String gpuUtilization() {
        return "max by (UUID, uuid, " + HOLDER + ") (DCGM_FI_DEV_GPU_UTIL{GPU_I_ID=\"\"}" + BELOW_INT32_BLANK + ")";
    }

    /** Graphics-engine activity (0–1) of MIG slices per holder: the utilization figure MIG instances have. */
    String sliceActivity() {
        return "max by (UUID, uuid, GPU_I_ID, " + HOLDER + ") (DCGM_FI_PROF_GR_ENGINE_ACTIVE{GPU_I_ID!=\"\"}"
                + BELOW_FP64_BLANK + ")";
    }

    /**
     * The energy counter (mJ) per GPU, whoever holds it: without pod labels it stays one series across pod changes,
     * and the copies a MIG GPU repeats on each instance collapse into one.
     */
    String energy() {
        return "max by (UUID, uuid) (DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION" + BELOW_INT64_BLANK + ")";
    }
}
