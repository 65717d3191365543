package org.aitelemetry.worker.health;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.model.fleet.HealthVerdict;

/**
 * A GPU's or a node's health verdict changed. Announced on the Vert.x event bus
 * ({@link org.aitelemetry.worker.pipeline.PipelineAddresses#VERDICT_CHANGED}) after the change is
 * committed, by the scoring of probe runs; consumed by what acts on health (events out, the Kubernetes signal, span
 * events on open usage sessions). Delivery is at most once: a consumer that must not miss a change reads the verdicts
 * from the database when it starts.
 *
 * @param gpuUuid  null for a node's verdict
 * @param reasons  the evidence in words (for a node: which GPUs are not healthy)
 * @param evidence the GPU's evidence; empty for a node
 * @param advice   what to do about it; empty for a node
 * @param runId    the probe run that caused the change
 */
public record VerdictChange(Scope scope, String cluster, String node, String gpuUuid, HealthVerdict previous,
        HealthVerdict current, List<String> reasons, List<Evidence> evidence, List<Advice> advice, UUID runId,
        Instant at) {

    public enum Scope { GPU, NODE }

    public VerdictChange {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
        advice = advice == null ? List.of() : List.copyOf(advice);
    }

    /** A change described in words only. */
    public VerdictChange(Scope scope, String cluster, String node, String gpuUuid, HealthVerdict previous,
            HealthVerdict current, List<String> reasons, UUID runId, Instant at) {
        this(scope, cluster, node, gpuUuid, previous, current, reasons, List.of(), List.of(), runId, at);
    }
}
