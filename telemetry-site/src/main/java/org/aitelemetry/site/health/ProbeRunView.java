package org.aitelemetry.site.health;

import java.time.OffsetDateTime;
import java.util.UUID;
import org.aitelemetry.site.ngsild.CommonTerms;
import org.aitelemetry.site.ngsild.NgsiLdEntity;
import org.aitelemetry.site.ngsild.NgsiLdRepresentable;

/** The wire model of a probe run without its results (schema {@code ProbeRun}); cluster and node null if unknown. */
public record ProbeRunView(UUID runId, String cluster, String node, String hostname, UUID requestId,
        String schemaVersion, String probeVersion, OffsetDateTime startedAt, OffsetDateTime finishedAt,
        OffsetDateTime receivedAt, Integer exitCode, String verdict) implements NgsiLdRepresentable {

    @Override
    public NgsiLdEntity toNgsiLd() {
        return NgsiLdEntity.of(CommonTerms.PROBE_RUN, runId)
                .relationship(CommonTerms.CLUSTER, CommonTerms.AI_CLUSTER, cluster)
                .relationship(CommonTerms.NODE, CommonTerms.AI_NODE, cluster, node)
                .property(HealthTerms.HOSTNAME, hostname)
                .property(HealthTerms.REQUEST_ID, requestId == null ? null : requestId.toString())
                .property(HealthTerms.SCHEMA_VERSION, schemaVersion)
                .property(HealthTerms.PROBE_VERSION, probeVersion)
                .property(HealthTerms.STARTED_AT, startedAt)
                .property(HealthTerms.FINISHED_AT, finishedAt)
                .property(HealthTerms.RECEIVED_AT, receivedAt)
                .property(HealthTerms.EXIT_CODE, exitCode)
                .property(HealthTerms.VERDICT, verdict);
    }
}
