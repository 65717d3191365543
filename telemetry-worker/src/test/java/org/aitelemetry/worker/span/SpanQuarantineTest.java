package org.aitelemetry.worker.span;

import static org.aitelemetry.worker.span.SessionRows.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.devkit.otlp.InjectOtlp;
import org.aitelemetry.devkit.otlp.OtlpReceiver;
import org.aitelemetry.devkit.otlp.OtlpTestResource;
import org.aitelemetry.devkit.otlp.ReceivedSpan;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.WorkerMetrics;
import org.aitelemetry.worker.session.SessionTick;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenario 29: sessions that can never be exported, written straight into the outbox as the webhook now
 * refuses their times, among good ones in the same batch. The good ones reach the OTLP receiver in the first round;
 * the poison rows are quarantined with their reason and counted, and never claimed again.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OtlpTestResource.class)
class SpanQuarantineTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final Instant START = Instant.parse("2026-11-20T08:00:00Z");
    private static final Instant EPOCH = Instant.parse("1970-01-01T00:00:00Z");
    private static final Instant YEAR_9999 = Instant.parse("9999-12-31T23:59:59Z");
    private static final Instant YEAR_1 = Instant.parse("0001-01-01T00:00:00Z");
    private static final String TIMES = "reason=\"" + Quarantine.TIMES + "\"";
    private static final String IDS = "reason=\"" + Quarantine.IDS + "\"";

    @InjectOtlp
    OtlpReceiver receiver;

    @Inject
    SpanExportJob job;

    @Inject
    SessionTick tick;

    @Inject
    Pool pool;

    private SessionRows rows;

    @BeforeEach
    void emptyOutboxAndReceiver() {
        // A round another test set off (finalised sessions announce themselves) must end first, or this test's own
        // round would find it running and report BUSY.
        await().atMost(PATIENCE).until(() -> !job.exportDue().await().atMost(PATIENCE).busy());
        rows = new SessionRows(pool);
        rows.execute("DELETE FROM usage_session");
        receiver.clear();
    }

    @Test
    void aPoisonSessionIsQuarantinedAndEveryOtherSessionOfItsBatchIsExportedOnTime() {
        List<Long> good = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            good.add(rows.insert(session("fp-good-" + i, START.plusSeconds(i))
                    .finalAt(START.plusSeconds(600 + i), "RESOLVED").set("gpu_uuid", "GPU-good-" + i)));
        }
        long spanning = rows.insert(session("fp-1970-9999", EPOCH).finalAt(YEAR_9999, "RESOLVED")
                .set("gpu_uuid", "GPU-bad"));
        long yearOne = rows.insert(session("fp-year-1", YEAR_1).startSpanPending());
        long badIds = rows.insert(session("fp-bad-ids", START).finalAt(START.plusSeconds(60), "RESOLVED")
                .set("trace_id", "not-a-trace-id"));
        good.add(rows.insert(session("fp-good-open", START).startSpanPending()));
        double timesBefore = WorkerMetrics.value("telemetry_spans_quarantined_total", TIMES);
        double idsBefore = WorkerMetrics.value("telemetry_spans_quarantined_total", IDS);

        ExportReport report = job.exportDue().await().atMost(PATIENCE);

        assertThat(report.usageSpans()).isEqualTo(5);
        assertThat(report.startSpans()).isEqualTo(1);
        assertThat(report.failedSpans()).isZero();
        assertThat(receiver.spans()).hasSize(6).extracting(ReceivedSpan::traceIdHex)
                .containsExactlyInAnyOrderElementsOf(good.stream().map(id -> rows.byId(id).getString("trace_id"))
                        .toList());
        assertThat(rows.byId(good.get(0)).getString("export_state")).isEqualTo("EXPORTED");
        assertThat(rows.byId(good.get(5)).getString("start_export_state")).isEqualTo("EXPORTED");

        Row spanned = rows.byId(spanning);
        assertThat(spanned.getString("export_state")).isEqualTo("QUARANTINED");
        assertThat(spanned.getString("quarantine_reason")).contains("1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z")
                .contains("outside what a span can carry");
        assertThat(spanned.getOffsetDateTime("quarantined_at")).isNotNull();
        assertThat(spanned.getOffsetDateTime("next_export_at")).isNull();
        Row opened = rows.byId(yearOne);
        assertThat(opened.getString("start_export_state")).isEqualTo("QUARANTINED");
        assertThat(opened.getString("export_state")).as("its final span could not go out either")
                .isEqualTo("QUARANTINED");
        assertThat(opened.getString("quarantine_reason")).contains("0001-01-01T00:00:00Z");
        assertThat(rows.byId(badIds).getString("quarantine_reason")).contains("not-a-trace-id");
        assertThat(WorkerMetrics.value("telemetry_spans_quarantined_total", TIMES) - timesBefore).isEqualTo(2);
        assertThat(WorkerMetrics.value("telemetry_spans_quarantined_total", IDS) - idsBefore).isEqualTo(1);
        assertThat(WorkerMetrics.value("telemetry_span_outbox_depth", "")).as("quarantined spans wait for nothing")
                .isZero();

        int requests = receiver.requests();
        ExportReport again = job.exportDue().await().atMost(PATIENCE);
        assertThat(again.exportedSpans() + again.failedSpans()).isZero();
        assertThat(receiver.requests()).isEqualTo(requests);
        assertThat(WorkerMetrics.value("telemetry_spans_quarantined_total", TIMES) - timesBefore).isEqualTo(2);
    }

    @Test
    void aQuarantinedSessionStaysOutOfTheOutboxWhenItBecomesFinal() {
        long quarantined = rows.insert(session("fp-quarantined-closing", YEAR_1).set("state", "CLOSING")
                .set("ends_at", START).set("close_reason", "RESOLVED").set("finalize_after", START)
                .set("export_state", "QUARANTINED").set("quarantine_reason", "times 0001-01-01 …"));
        long closing = rows.insert(session("fp-closing", START).set("state", "CLOSING")
                .set("ends_at", START.plusSeconds(60)).set("close_reason", "RESOLVED").set("finalize_after", START));
        // The session service reads the labels back, so they must be an object (SessionRows stores a JSON string).
        rows.execute("UPDATE usage_session SET labels = $1::text::jsonb", "{\"alertname\": \"GpuInUse\"}");

        tick.finaliseDue(Instant.now()).await().atMost(PATIENCE);

        assertThat(rows.byId(quarantined).getString("state")).isEqualTo("FINAL");
        assertThat(rows.byId(quarantined).getString("export_state")).isEqualTo("QUARANTINED");
        assertThat(rows.byId(closing).getString("state")).isEqualTo("FINAL");
        assertThat(rows.byId(closing).getString("export_state")).as("in the outbox; the round its finalising set off"
                + " may have sent it already").isIn("PENDING", "EXPORTED");
    }
}
