package org.aitelemetry.worker.health.events;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.EvidenceJson;
import org.aitelemetry.worker.health.VerdictChange;

/**
 * A GPU's or node's health verdict changed, as published on {@value GpuHealthEventPublisher#CHANNEL}: a versioned wire
 * model, separate from {@link VerdictChange}, sent as JSON with snake_case names. Enumerations are lowercase.
 *
 * @param schemaVersion {@value #SCHEMA_VERSION}; raised when a field changes meaning or goes away
 * @param kind          {@code gpu} or {@code node}
 * @param gpuUuid       null for a node's verdict
 * @param previous      verdict before the change: {@code unknown}, {@code healthy}, {@code unscored},
 *                      {@code inconclusive}, {@code degraded}, {@code failed}
 * @param reasons       why the current verdict, in words
 * @param evidence      why, item by item: {@code [{kind, severity, test, summary, details}]} (a GPU's; empty for a node)
 * @param advice        what to do: {@code [{action, summary, because}]} (a GPU's; empty for a node)
 * @param runId         the probe run that caused the change
 * @param at            when the verdict changed
 */
public record GpuHealthEvent(int schemaVersion, String kind, String cluster, String node, String gpuUuid,
        String previous, String current, List<String> reasons, List<Map<String, Object>> evidence,
        List<Map<String, Object>> advice, UUID runId, Instant at) {

    /** 2: verdicts unscored and inconclusive, evidence and advice. */
    public static final int SCHEMA_VERSION = 2;

    public static GpuHealthEvent of(VerdictChange change) {
        return new GpuHealthEvent(SCHEMA_VERSION, change.scope().name().toLowerCase(Locale.ROOT), change.cluster(),
                change.node(), change.gpuUuid(), lower(change.previous()), lower(change.current()),
                change.reasons(), EvidenceJson.evidenceMaps(change.evidence()), EvidenceJson.adviceMaps(change.advice()),
                change.runId(), change.at());
    }

    /** The Kafka record key: the GPU's UUID, else the node, so one GPU's (or node's) changes stay in order. */
    public String key() {
        return gpuUuid != null ? gpuUuid : node;
    }

    private static String lower(HealthVerdict verdict) {
        return verdict == null ? null : verdict.name().toLowerCase(Locale.ROOT);
    }
}
