package org.aitelemetry.site.project;

import java.time.Instant;
import java.util.List;
import org.aitelemetry.site.api.ProjectRef;

/** A project's usage over a window (schema {@code ProjectUsage}). */
public record ProjectUsage(ProjectRef project, Instant from, Instant to, Granularity granularity, String currency,
        UsageFigures totals, List<UsageBucket> buckets) {
}
