package org.aitelemetry.site.health;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** The wire model of a health-check request (schema {@code HealthCheck}). */
public record HealthCheckView(UUID id, String requestedBy, String cluster, HealthCheckTargetSpec target,
        List<String> tests, String state, String stateReason, String jobName, OffsetDateTime createdAt,
        OffsetDateTime updatedAt) {
}
