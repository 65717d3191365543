package org.aitelemetry.site.health;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * One verdict of a device's health history (schema {@code HealthVerdictEntry}): the run, when it finished, why, and
 * the evidence and advice the worker gave with it.
 */
public record HealthVerdictEntry(UUID runId, OffsetDateTime at, String verdict, List<String> reasons,
        List<HealthEvidence> evidence, List<HealthAdvice> advice) {
}
