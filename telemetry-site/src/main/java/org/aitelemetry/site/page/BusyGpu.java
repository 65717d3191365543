package org.aitelemetry.site.page;

/**
 * When a GPU counts as busy now, for every page that counts busy and idle GPUs: at or above {@link #PERCENT} %
 * utilization, or, on a MIG GPU (which reports no utilization of its own), a slice at that engine activity.
 */
final class BusyGpu {

    static final int PERCENT = 5;
    /** SQL condition on a {@code gpu_device} row aliased {@code d}. */
    static final String CONDITION = "(d.utilization_percent >= " + PERCENT + " OR (d.mig_enabled AND EXISTS ("
            + "SELECT 1 FROM gpu_slice s WHERE s.device_id = d.id AND s.engine_active >= " + PERCENT + " / 100.0)))";

    private BusyGpu() {
    }
}
