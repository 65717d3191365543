package org.aitelemetry.worker.statement;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * An idle-GPU notice made in a statement's period ({@code idle_notice}, with its figures as they were when it was made):
 * the statements' digest of the notices.
 *
 * @param projectId the project, or null once its row is gone (then the notice is matched by cluster and namespace)
 * @param gpus      the GPUs (and MIG slices) the notice named, as it named them
 */
public record IdleNoticeLine(long noticeId, Long projectId, String clusterName, String namespace, Instant noticedAt,
        Instant idleFrom, Instant idleUntil, List<String> gpus, double idleGpuHours, BigDecimal costWasted,
        String currency) {

    public IdleNoticeLine {
        gpus = List.copyOf(gpus);
    }

    /** {@code <cluster>/<namespace>} as noticed: the key of the project's statement. */
    public String key() {
        return clusterName + "/" + namespace;
    }

    /** Whether the notice is this line's project's: by id, or by key when the project row was deleted since. */
    boolean isOf(ProjectLine line) {
        return projectId != null ? projectId == line.projectId() : key().equals(line.key());
    }
}
