package org.aitelemetry.site.fleet;

import java.time.OffsetDateTime;
import java.util.List;
import org.aitelemetry.site.health.UnhealthyGpu;
import org.aitelemetry.site.fleet.SourceNoticeQueries.SourceNotice;
import org.aitelemetry.site.project.TopProject;

/**
 * The fleet overview: per-cluster GPU counts, GPUs per vendor and model, the caller's top projects by GPU-hours, the GPUs not known healthy, and
 * what metric sources had to say about their last sync.
 */
public record FleetOverview(List<ClusterSummary> clusters, List<GpuModelCount> models, List<TopProject> topProjects,
        List<UnhealthyGpu> unhealthy, List<SourceNotice> sourceNotices, String currency) {

    /**
     * GPUs present, busy now (≥ 5 % utilization, or a busy MIG slice), idle, degraded or failed, and unjudged
     * (UNSCORED or INCONCLUSIVE: neither healthy nor known broken).
     */
    public record ClusterSummary(long id, String name, String syncStatus, OffsetDateTime lastSyncAt, int nodes,
            int gpus, int busy, int unhealthy, int unjudged) {

        public int idle() {
            return gpus - busy;
        }
    }

    public int gpus() {
        return clusters.stream().mapToInt(ClusterSummary::gpus).sum();
    }

    public int busy() {
        return clusters.stream().mapToInt(ClusterSummary::busy).sum();
    }

    public int idle() {
        return clusters.stream().mapToInt(ClusterSummary::idle).sum();
    }

    public int unhealthyCount() {
        return clusters.stream().mapToInt(ClusterSummary::unhealthy).sum();
    }

    public int unjudgedCount() {
        return clusters.stream().mapToInt(ClusterSummary::unjudged).sum();
    }
}
