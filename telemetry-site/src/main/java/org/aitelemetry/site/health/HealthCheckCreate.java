package org.aitelemetry.site.health;

import java.util.List;

/**
 * The body of {@code POST /api/v1/health-checks} (schema {@code HealthCheckCreate}). Only what a client may set:
 * with unknown properties refused, a body naming {@code id}, {@code state} or {@code requestedBy} is a 400.
 */
public record HealthCheckCreate(String cluster, HealthCheckTargetSpec target, List<String> tests) {
}
