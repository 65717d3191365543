package org.aitelemetry.site.project;

/**
 * When a GPU counts as busy now, for every page that counts busy and idle GPUs: at or above {@link #PERCENT} %
 * utilization, or, on a MIG GPU (which reports no utilization of its own), a slice at that engine activity. The fleet's
 * counts ({@code fleet.ClusterQueries}) and a project's idle GPUs ({@link ProjectUsageQueries}) apply it.
 */
public final class BusyGpu {

    public static final int PERCENT = 5;

    private BusyGpu() {
    }
}
