package org.aitelemetry.worker.span;

import static org.aitelemetry.worker.span.SessionRows.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.eventbus.EventBus;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.devkit.otlp.InjectOtlp;
import org.aitelemetry.devkit.otlp.OtlpReceiver;
import org.aitelemetry.devkit.otlp.OtlpTestResource;
import org.aitelemetry.devkit.otlp.ReceivedSpan;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.VerdictChange;
import org.aitelemetry.worker.health.VerdictChange.Scope;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A GPU's verdict change during a usage session becomes a {@code gpu.health.changed} event on the session's
 * {@code gpu.usage} span, stored until the span goes out to a real OTLP receiver; a GPU without an open session, or
 * whose session is already final, gets none.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OtlpTestResource.class)
class HealthSpanEventsTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final Instant START = Instant.parse("2026-11-20T08:00:00Z");
    private static final Instant CHANGED = Instant.parse("2026-11-20T09:30:15.250Z");
    private static final UUID RUN = UUID.fromString("9a1c2e3f-4b5d-4e6f-8a7b-0c1d2e3f4a5b");

    @InjectOtlp
    OtlpReceiver receiver;

    @Inject
    SpanExportJob job;

    @Inject
    HealthSpanEvents events;

    @Inject
    EventBus bus;

    @Inject
    Pool pool;

    private SessionRows rows;

    @BeforeEach
    void emptySessionsAndReceiver() {
        rows = new SessionRows(pool);
        rows.execute("DELETE FROM usage_session");
        receiver.clear();
    }

    @Test
    void aChangeDuringAnOpenSessionGoesOutAsAnEventOfItsSpan() {
        long open = rows.insert(session("fp-health-open", START).set("gpu_uuid", "GPU-hhhh"));
        long finished = rows.insert(session("fp-health-final", START).set("gpu_uuid", "GPU-hhhh")
                .set("state", "FINAL").set("ends_at", START.plusSeconds(60)).set("close_reason", "RESOLVED"));

        bus.publish(PipelineAddresses.VERDICT_CHANGED, change("GPU-hhhh"));

        await().atMost(PATIENCE).until(() -> !stored(open).isEmpty());
        assertThat(stored(finished)).isEmpty();
        Instant end = CHANGED.plusSeconds(600);
        rows.execute("UPDATE usage_session SET state = 'FINAL', ends_at = $2, close_reason = 'RESOLVED', "
                + "export_state = 'PENDING', next_export_at = now() WHERE id = $1", open,
                end.atOffset(ZoneOffset.UTC));

        job.exportDue().await().atMost(PATIENCE);

        ReceivedSpan span = receiver.spans(rows.byId(open).getString("trace_id")).stream()
                .filter(received -> received.name().equals(SpanIds.USAGE_SPAN)).findFirst().orElseThrow();
        assertThat(span.events()).hasSize(1);
        ReceivedSpan.Event event = span.events().get(0);
        assertThat(event.name()).isEqualTo("gpu.health.changed");
        assertThat(event.time()).isEqualTo(CHANGED);
        assertThat(event.attributes()).containsEntry("gpu.health.previous", "healthy")
                .containsEntry("gpu.health.current", "failed")
                .containsEntry("gpu.health.reasons", List.of("xid 79", "gemm_tflops below baseline"))
                .containsEntry("probe.run_id", RUN.toString());
    }

    @Test
    void aSessionKnownByItsDeviceGetsTheEventToo() {
        long device = rows.all("""
                WITH src AS (INSERT INTO metric_source (name, url, auth_mode)
                             VALUES ('health-events-test', 'http://prometheus.invalid', 'NONE') RETURNING id),
                     c AS (INSERT INTO ai_cluster (source_id, name) SELECT id, 'hub-health' FROM src RETURNING id),
                     n AS (INSERT INTO ai_node (cluster_id, name) SELECT id, 'node-health' FROM c RETURNING id),
                     g AS (INSERT INTO gpu (product_name) VALUES ('Health events test GPU') RETURNING id)
                INSERT INTO gpu_device (uuid, node_id, gpu_id) SELECT 'GPU-dddd', n.id, g.id FROM n, g RETURNING id""")
                .get(0).getLong("id");
        long open = rows.insert(session("fp-health-device", START).set("device_id", device));

        assertThat(events.store(change("GPU-dddd")).await().atMost(PATIENCE)).isEqualTo(1);
        assertThat(stored(open)).hasSize(1);
    }

    @Test
    void aChangeOnAGpuWithoutAnOpenSessionStoresNothing() {
        rows.insert(session("fp-health-other", START).set("gpu_uuid", "GPU-oooo"));

        assertThat(events.store(change("GPU-none")).await().atMost(PATIENCE)).isZero();
        assertThat(events.store(new VerdictChange(Scope.NODE, "hub-a", "node-1", null, HealthVerdict.HEALTHY,
                HealthVerdict.FAILED, List.of(), RUN, CHANGED)).await().atMost(PATIENCE)).isZero();
        assertThat(rows.all("SELECT * FROM usage_session_event")).isEmpty();
    }

    private List<Row> stored(long sessionId) {
        return rows.all("SELECT * FROM usage_session_event WHERE session_id = $1", sessionId);
    }

    private static VerdictChange change(String gpuUuid) {
        return new VerdictChange(Scope.GPU, "hub-a", "node-1", gpuUuid, HealthVerdict.HEALTHY, HealthVerdict.FAILED,
                List.of("xid 79", "gemm_tflops below baseline"), RUN, CHANGED);
    }
}
