package org.aitelemetry.site.health;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * The health page: latest probe runs, degraded and failed GPUs, GPUs whose latest run was slower than their siblings,
 * the caller's own health-check requests, the clusters a new request may name, and the failed nodes left untainted
 * (held back by the blast-radius limit, or a dry run).
 */
public record HealthOverview(List<ProbeRunView> runs, List<UnhealthyGpu> unhealthy, List<SlowGpu> slow,
        List<HealthCheckView> requests, List<String> clusters, List<UntaintedNode> untainted) {

    /** A FAILED node whose taint the blast-radius limit held back (HELD) or a dry run only reported (DRY_RUN). */
    public record UntaintedNode(long id, String cluster, String node, String health, String taintState,
            String taintReason, OffsetDateTime changedAt) {
    }

    /** A GPU whose latest probe run found these tests slower than on its siblings of the same node. */
    public record SlowGpu(String uuid, String cluster, long nodeId, String node, List<String> tests,
            OffsetDateTime at) {
    }
}
