package org.aitelemetry.site.health;

import java.time.OffsetDateTime;
import java.util.List;

/** A GPU not known healthy, with the evidence and advice of its verdict. */
public record UnhealthyGpu(String uuid, String cluster, long nodeId, String node, Integer index, String model,
        String health, String reason, OffsetDateTime at, List<HealthEvidence> evidence, List<HealthAdvice> advice) {
}
