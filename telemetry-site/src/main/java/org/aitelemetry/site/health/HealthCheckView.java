package org.aitelemetry.site.health;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.model.health.HealthCheckRequest;

/** The wire model of a health-check request (schema {@code HealthCheck}). */
public record HealthCheckView(UUID id, String requestedBy, String cluster, HealthCheckTargetSpec target,
        List<String> tests, String state, String stateReason, String jobName, OffsetDateTime createdAt,
        OffsetDateTime updatedAt) {

    /** A request as just recorded, on the cluster named {@code cluster}; times in UTC, as the reads give them. */
    static HealthCheckView of(HealthCheckRequest stored, String cluster) {
        HealthCheckTargetSpec target = HealthCheckTargetSpec.stored(stored.targetKind, stored.nodeName,
                stored.namespace, stored.podSelector, stored.podNames);
        return new HealthCheckView(stored.id, stored.requestedBy, cluster, target, stored.tests, stored.state.name(),
                stored.stateReason, stored.jobName, stored.createdAt.atOffset(ZoneOffset.UTC),
                stored.updatedAt.atOffset(ZoneOffset.UTC));
    }
}
