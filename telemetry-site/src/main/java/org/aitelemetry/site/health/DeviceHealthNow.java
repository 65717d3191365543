package org.aitelemetry.site.health;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A GPU's current verdict with what it rests on (schema {@code DeviceHealthNow}): the evidence, the advice, and the
 * recovery progress while it is DEGRADED or FAILED (null otherwise).
 */
public record DeviceHealthNow(String verdict, String meaning, String reason, OffsetDateTime at,
        List<HealthEvidence> evidence, List<HealthAdvice> advice, HealthRecovery recovery) {
}
