package org.aitelemetry.worker.span;

import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.VerdictChange;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.aitelemetry.worker.sql.SqlValues;
import org.jboss.logging.Logger;

/**
 * Stores a GPU's verdict change as a {@value #NAME} span event on every usage session open (or closing) on that GPU,
 * found by the session's GPU UUID or device; the session's {@code gpu.usage} span carries it when exported. One
 * statement per change; a redelivered change stores nothing new. A node's verdict names no GPU and is not stored.
 */
@ApplicationScoped
class HealthSpanEvents {

    static final String NAME = "gpu.health.changed";

    private static final Logger LOG = Logger.getLogger(HealthSpanEvents.class);

    private final Pool pool;

    HealthSpanEvents(Pool pool) {
        this.pool = pool;
    }

    @ConsumeEvent(PipelineAddresses.VERDICT_CHANGED)
    Uni<Void> onVerdictChange(VerdictChange change) {
        return store(change).onFailure().recoverWithItem(failure -> {
            LOG.warnf("Verdict change of GPU %s (run %s) not stored as a span event: %s", change.gpuUuid(),
                    change.runId(), failure.getMessage());
            return 0;
        }).replaceWithVoid();
    }

    /** Stores the change on the GPU's open sessions; returns how many sessions got it. */
    Uni<Integer> store(VerdictChange change) {
        if (change.scope() != VerdictChange.Scope.GPU || change.gpuUuid() == null) {
            return Uni.createFrom().item(0);
        }
        return pool.preparedQuery(SpanEventSql.STORE_HEALTH_EVENT)
                .execute(Tuple.of(change.gpuUuid(), SqlValues.utc(change.at()), NAME, attributes(change)))
                .map(rows -> rows.rowCount());
    }

    private static JsonObject attributes(VerdictChange change) {
        List<String> reasons = change.reasons() == null ? List.of() : change.reasons();
        return new JsonObject()
                .put("gpu.health.previous", lower(change.previous()))
                .put("gpu.health.current", lower(change.current()))
                .put("gpu.health.reasons", new JsonArray(List.copyOf(reasons)))
                .put("probe.run_id", change.runId() == null ? null : change.runId().toString());
    }

    private static String lower(HealthVerdict verdict) {
        return verdict == null ? null : verdict.name().toLowerCase(Locale.ROOT);
    }
}
