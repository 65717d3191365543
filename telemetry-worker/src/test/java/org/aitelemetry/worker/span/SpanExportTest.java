package org.aitelemetry.worker.span;

import static org.aitelemetry.worker.span.SessionRows.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.eventbus.EventBus;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.otlp.InjectOtlp;
import org.aitelemetry.devkit.otlp.OtlpReceiver;
import org.aitelemetry.devkit.otlp.OtlpTestResource;
import org.aitelemetry.devkit.otlp.ReceivedSpan;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The outbox against real PostgreSQL and a real OTLP/HTTP receiver decoding what the SDK's exporter sent: exactly the
 * due spans go out, with the row's ids and times, and are marked exported once acknowledged. No metric source is
 * configured here, so spans go out at once with GPU-seconds as their only aggregate.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OtlpTestResource.class)
class SpanExportTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final Instant START = Instant.parse("2026-11-20T08:00:00.123456Z");

    @InjectOtlp
    OtlpReceiver receiver;

    @Inject
    SpanExportJob job;

    @Inject
    SpanOutbox outbox;

    @Inject
    EventBus bus;

    @Inject
    Pool pool;

    private SessionRows rows;

    @BeforeEach
    void emptyOutboxAndReceiver() {
        rows = new SessionRows(pool);
        rows.execute("DELETE FROM usage_session");
        receiver.clear();
    }

    @Test
    void exportsExactlyTheDueSpansWithTheRowsIdsTimesAndAttributes() {
        Instant end = START.plus(2, ChronoUnit.HOURS).plusNanos(7_000);
        long gpu = rows.insert(session("fp-gpu", START).finalAt(end, "RESOLVED")
                .set("cluster_name", "hub-a").set("node_name", "node-1").set("namespace", "vision")
                .set("pod", "trainer-0").set("container", "main").set("gpu_uuid", "GPU-aaaa")
                .set("gpu_index", 3).set("gpu_model", "NVIDIA H100 80GB HBM3"));
        long slice = rows.insert(session("fp-slice", START).finalAt(end, "UNOBSERVED")
                .set("alert_name", "GpuSliceInUse").set("cluster_name", "hub-b").set("node_name", "node-2")
                .set("namespace", "nlp").set("pod", "notebook-1").set("gpu_uuid", "GPU-bbbb").set("gpu_index", 1)
                .set("gpu_model", "NVIDIA A100-SXM4-80GB").set("gpu_instance_id", 13).set("mig_profile", "3g.40gb"));
        long open = rows.insert(session("fp-open", START).startSpanPending()
                .set("cluster_name", "hub-a").set("gpu_uuid", "GPU-cccc").set("namespace", "vision"));
        rows.insert(session("fp-closing", START).set("state", "CLOSING").set("ends_at", end)
                .set("close_reason", "RESOLVED"));
        rows.insert(session("fp-done", START).finalAt(end, "RESOLVED").set("export_state", "EXPORTED"));
        long later = rows.insert(session("fp-later", START).finalAt(end, "RESOLVED")
                .set("next_export_at", Instant.now().plusSeconds(3600)));

        ExportReport report = round();

        assertThat(report.usageSpans()).isEqualTo(2);
        assertThat(report.startSpans()).isEqualTo(1);
        assertThat(receiver.spans()).extracting(ReceivedSpan::name)
                .containsExactlyInAnyOrder("gpu.usage", "gpu.usage", "gpu.usage.start");
        ReceivedSpan gpuSpan = only(rows.byId(gpu), "gpu.usage");
        ReceivedSpan sliceSpan = only(rows.byId(slice), "gpu.usage");
        ReceivedSpan startSpan = only(rows.byId(open), "gpu.usage.start");

        assertThat(gpuSpan.startTime()).isEqualTo(START);
        assertThat(gpuSpan.endTime()).isEqualTo(end);
        assertThat(gpuSpan.kind()).isEqualTo("INTERNAL");
        assertThat(gpuSpan.parentSpanIdHex()).isNull();
        assertThat(gpuSpan.status().code()).isEqualTo("UNSET");
        assertThat(gpuSpan.resourceAttributes()).containsEntry("service.name", "ai-telemetry-gpu-usage");
        assertThat(gpuSpan.attributes()).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry("k8s.cluster.name", "hub-a"), Map.entry("k8s.node.name", "node-1"),
                Map.entry("k8s.namespace.name", "vision"), Map.entry("k8s.pod.name", "trainer-0"),
                Map.entry("k8s.container.name", "main"), Map.entry("gpu.uuid", "GPU-aaaa"), Map.entry("gpu.index", 3L),
                Map.entry("gpu.model", "NVIDIA H100 80GB HBM3"), Map.entry("research.project", "vision"),
                Map.entry("alert.name", "GpuInUse"), Map.entry("alert.fingerprint", "fp-gpu"),
                Map.entry("session.close_reason", "resolved"), Map.entry("gpu.seconds", 7200.000007)));
        assertThat(sliceSpan.attributes()).containsEntry("gpu.mig.profile", "3g.40gb")
                .containsEntry("gpu.mig.instance_id", 13L).containsEntry("session.close_reason", "unobserved")
                .doesNotContainKey("k8s.container.name").doesNotContainKeys("gpu.utilization.avg", "gpu.energy.joules");
        assertThat((Double) sliceSpan.attributes().get("gpu.seconds")).isCloseTo(7200.000007 * 3 / 7, within(1e-6));
        assertThat(startSpan.startTime()).isEqualTo(START).isEqualTo(startSpan.endTime());
        assertThat(startSpan.spanIdHex()).isEqualTo(SpanIds.spanId("fp-open", START, SpanIds.START_SPAN));
        assertThat(startSpan.attributes()).containsEntry("gpu.uuid", "GPU-cccc")
                .doesNotContainKeys("session.close_reason", "gpu.seconds");

        for (long id : List.of(gpu, slice)) {
            Row row = rows.byId(id);
            assertThat(row.getString("export_state")).isEqualTo("EXPORTED");
            assertThat(row.getOffsetDateTime("exported_at")).isNotNull();
            assertThat(row.getOffsetDateTime("aggregates_at")).isNotNull();
            assertThat(row.getOffsetDateTime("next_export_at")).isNull();
        }
        assertThat(rows.byId(open).getString("start_export_state")).isEqualTo("EXPORTED");
        assertThat(rows.byId(open).getString("export_state")).isEqualTo("NOT_READY");
        assertThat(rows.byId(later).getString("export_state")).isEqualTo("PENDING");

        int requests = receiver.requests();
        ExportReport again = round();
        assertThat(again.exportedSpans()).isZero();
        assertThat(receiver.requests()).isEqualTo(requests);
    }

    @Test
    void aSessionFinalisedBeforeItsStartSpanWentOutSendsBothSpansOfTheTraceTogether() {
        long id = rows.insert(session("fp-both", START).startSpanPending()
                .finalAt(START.plusSeconds(90), "SUPERSEDED").set("gpu_uuid", "GPU-dddd"));

        round();

        Row row = rows.byId(id);
        assertThat(receiver.spans(row.getString("trace_id"))).extracting(ReceivedSpan::name)
                .containsExactlyInAnyOrder("gpu.usage", "gpu.usage.start");
        assertThat(receiver.requests()).isEqualTo(1);
        assertThat(row.getString("export_state")).isEqualTo("EXPORTED");
        assertThat(row.getString("start_export_state")).isEqualTo("EXPORTED");
    }

    @Test
    void aMessageOnTheDueAddressRunsARound() {
        long id = rows.insert(session("fp-event", START).finalAt(START.plusSeconds(60), "RESOLVED"));

        bus.publish(PipelineAddresses.SPANS_DUE, null);

        Awaitility.await().atMost(PATIENCE)
                .until(() -> "EXPORTED".equals(rows.byId(id).getString("export_state")));
        assertThat(receiver.spans(rows.byId(id).getString("trace_id"))).hasSize(1);
    }

    @Test
    void aBacklogDrainsInOneRoundBatchAfterBatch() {
        for (int i = 0; i < 450; i++) {
            rows.insert(session("fp-backlog-" + i, START).finalAt(START.plusSeconds(60), "RESOLVED"));
        }

        ExportReport report = round();

        assertThat(report.usageSpans()).isEqualTo(450);
        // Aggregates are read for 20 sessions per batch, so the round runs batch after batch until the backlog is gone.
        assertThat(report.batches()).isBetween(450 / 20, SpanExportJob.MAX_BATCHES_PER_ROUND);
        assertThat(report.more()).isFalse();
        assertThat(receiver.spans()).hasSize(450);
        assertThat(rows.all("SELECT count(*) FROM usage_session WHERE export_state = 'PENDING'").get(0).getLong(0))
                .isZero();
    }

    @Test
    void twoReplicasClaimingAtOnceGetDisjointRowsAndLeasedRowsAreNotClaimedAgain() {
        for (int i = 0; i < 50; i++) {
            rows.insert(session("fp-replica-" + i, START).finalAt(START.plusSeconds(60), "RESOLVED")
                    .set("aggregates_at", START));
        }

        Duration lease = Duration.ofMinutes(1);
        var claims = Uni.combine().all().unis(outbox.claimForExport(30, lease), outbox.claimForExport(30, lease))
                .asTuple().await().atMost(PATIENCE);

        List<Long> first = claims.getItem1().stream().map(OutboxSession::id).toList();
        List<Long> second = claims.getItem2().stream().map(OutboxSession::id).toList();
        assertThat(first).doesNotContainAnyElementsOf(second);
        assertThat(first.size() + second.size()).isEqualTo(50);
        assertThat(outbox.claimForExport(30, lease).await().atMost(PATIENCE)).isEmpty();
    }

    private ExportReport round() {
        ExportReport report = job.exportDue().await().atMost(PATIENCE);
        assertThat(report.busy()).isFalse();
        return report;
    }

    /** The one span of that name the receiver got in the row's trace, with the row's ids. */
    private ReceivedSpan only(Row row, String name) {
        List<ReceivedSpan> spans = receiver.spans(row.getString("trace_id")).stream()
                .filter(span -> span.name().equals(name)).collect(Collectors.toList());
        assertThat(spans).as("%s spans of trace %s", name, row.getString("trace_id")).hasSize(1);
        if (name.equals(SpanIds.USAGE_SPAN)) {
            assertThat(spans.get(0).spanIdHex()).isEqualTo(row.getString("span_id"));
        }
        return spans.get(0);
    }
}
