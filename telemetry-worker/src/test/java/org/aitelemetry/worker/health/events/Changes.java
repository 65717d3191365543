package org.aitelemetry.worker.health.events;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.Advice;
import org.aitelemetry.worker.health.Evidence;
import org.aitelemetry.worker.health.EvidenceKind;
import org.aitelemetry.worker.health.VerdictChange;
import org.aitelemetry.worker.health.VerdictChange.Scope;

/** Verdict changes as the scoring announces them: a GPU that failed, and its node that became degraded. */
final class Changes {

    static final UUID RUN = UUID.fromString("3f2b6c1e-8d4a-4f7b-9c2e-1a5d7e9b0c44");
    static final Instant AT = Instant.parse("2026-11-21T10:15:30.250Z");

    private Changes() {
    }

    static VerdictChange gpuFailed(String gpuUuid) {
        Evidence xid = new Evidence(EvidenceKind.HARDWARE_XID, "nvml_xid", "XID 79: GPU has fallen off the bus",
                Map.of("xid", "79"));
        return new VerdictChange(Scope.GPU, "hub-a", "gpu-node-1", gpuUuid, HealthVerdict.HEALTHY,
                HealthVerdict.FAILED, List.of(xid.summary()), List.of(xid),
                List.of(new Advice("drain_reboot", "XID 79: drain the node and reboot it", List.of("hardware_xid"))),
                RUN, AT);
    }

    static VerdictChange nodeDegraded(String node) {
        return new VerdictChange(Scope.NODE, "hub-a", node, null, HealthVerdict.HEALTHY, HealthVerdict.DEGRADED,
                List.of("1 of 8 GPUs failed"), RUN, AT);
    }
}
