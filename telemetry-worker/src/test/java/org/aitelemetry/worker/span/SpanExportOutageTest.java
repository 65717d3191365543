package org.aitelemetry.worker.span;

import static org.aitelemetry.worker.span.SessionRows.session;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.otlp.InjectOtlp;
import org.aitelemetry.devkit.otlp.OtlpReceiver;
import org.aitelemetry.devkit.otlp.OtlpTestResource;
import org.aitelemetry.devkit.otlp.ReceivedSpan;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.aitelemetry.worker.WorkerMetrics;

/**
 * Acceptance scenario 7: the OTLP endpoint is down (503s, then refused connections) for several rounds, so the outbox
 * grows and nothing is marked exported; once it is back every span goes out exactly once, in the trace the database
 * holds. Rounds run only once every session is due again, so each one attempts all of them.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OtlpTestResource.class)
class SpanExportOutageTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final Instant START = Instant.parse("2026-11-20T08:00:00Z");
    /** As many as one batch reads aggregates for (the default), so every round attempts every session. */
    private static final int FINAL_SESSIONS = 20;
    private static final int OPEN_SESSIONS = 10;
    private static final int SPANS = FINAL_SESSIONS + OPEN_SESSIONS;
    private static final int FAILED_ROUNDS = 4;

    @InjectOtlp
    OtlpReceiver receiver;

    @Inject
    SpanExportJob job;

    @Inject
    Pool pool;

    private SessionRows rows;

    @BeforeEach
    void emptyOutboxAndReceiver() {
        rows = new SessionRows(pool);
        rows.execute("DELETE FROM usage_session");
        receiver.clear();
    }

    /** Other test classes may share this application and its receiver. */
    @AfterEach
    void receiverBackToNormal() throws Exception {
        receiver.start();
        receiver.respondUnavailable(false);
    }

    @Test
    void whileTheCollectorIsDownNothingIsExportedAndWhenItReturnsEverySpanGoesOutOnce() throws Exception {
        for (int i = 0; i < FINAL_SESSIONS; i++) {
            rows.insert(session("fp-final-" + i, START.plusSeconds(i)).finalAt(START.plusSeconds(600 + i), "RESOLVED"));
        }
        for (int i = 0; i < OPEN_SESSIONS; i++) {
            rows.insert(session("fp-open-" + i, START.plusSeconds(i)).startSpanPending());
        }
        double failuresBefore = WorkerMetrics.value("telemetry_span_export_failures_total", "stage=\"otlp\"");
        double usageBefore = WorkerMetrics.value("telemetry_spans_exported_total", "span=\"gpu.usage\"");
        double startBefore = WorkerMetrics.value("telemetry_spans_exported_total", "span=\"gpu.usage.start\"");

        receiver.respondUnavailable(true);
        Map<Long, Attempt> previous = new HashMap<>();
        for (int round = 1; round <= FAILED_ROUNDS; round++) {
            if (round == 3) {
                receiver.stop();
            }
            ExportReport report = roundOnceAllAreDue();

            assertThat(report.failedSpans()).as("round %d", round).isEqualTo(SPANS);
            assertThat(report.exportedSpans()).isZero();
            Map<Long, Attempt> attempts = attempts();
            assertThat(attempts).hasSize(SPANS);
            for (Map.Entry<Long, Attempt> entry : attempts.entrySet()) {
                Attempt attempt = entry.getValue();
                assertThat(attempt.attempts()).as("attempts after round %d", round).isEqualTo(round);
                assertThat(attempt.error()).startsWith("export: ");
                Attempt before = previous.get(entry.getKey());
                if (before != null) {
                    assertThat(attempt.nextAt()).isAfter(before.nextAt());
                    assertThat(attempt.delayMillis()).isGreaterThanOrEqualTo(before.delayMillis());
                }
            }
            previous = attempts;
            assertThat(rows.all("SELECT count(*) FROM usage_session WHERE export_state = 'EXPORTED' "
                    + "OR start_export_state = 'EXPORTED' OR exported_at IS NOT NULL").get(0).getLong(0)).isZero();
            assertThat(WorkerMetrics.value("telemetry_span_outbox_depth", "")).isEqualTo(SPANS);
            assertThat(WorkerMetrics.value("telemetry_span_export_failures_total", "stage=\"otlp\"") - failuresBefore)
                    .isEqualTo(SPANS * round);
        }
        assertThat(receiver.spans()).isEmpty();
        assertThat(previous.values()).extracting(Attempt::delayMillis).allMatch(delay -> delay >= 200 && delay <= 400);

        receiver.start();
        receiver.respondUnavailable(false);
        ExportReport recovered = roundOnceAllAreDue();

        assertThat(recovered.usageSpans()).isEqualTo(FINAL_SESSIONS);
        assertThat(recovered.startSpans()).isEqualTo(OPEN_SESSIONS);
        Map<String, Long> usageSpansPerTrace = perTrace(SpanIds.USAGE_SPAN);
        Map<String, Long> startSpansPerTrace = perTrace(SpanIds.START_SPAN);
        assertThat(usageSpansPerTrace.keySet()).isEqualTo(traceIds("export_state"));
        assertThat(startSpansPerTrace.keySet()).isEqualTo(traceIds("start_export_state"));
        assertThat(usageSpansPerTrace.values()).containsOnly(1L);
        assertThat(startSpansPerTrace.values()).containsOnly(1L);
        assertThat(rows.all("SELECT count(*) FROM usage_session WHERE export_state = 'PENDING' "
                + "OR start_export_state = 'PENDING'").get(0).getLong(0)).isZero();
        assertThat(WorkerMetrics.value("telemetry_span_outbox_depth", "")).isZero();
        assertThat(WorkerMetrics.value("telemetry_spans_exported_total", "span=\"gpu.usage\"") - usageBefore)
                .isEqualTo(FINAL_SESSIONS);
        assertThat(WorkerMetrics.value("telemetry_spans_exported_total", "span=\"gpu.usage.start\"") - startBefore)
                .isEqualTo(OPEN_SESSIONS);

        assertThat(job.exportDue().await().atMost(PATIENCE).exportedSpans()).isZero();
        assertThat(receiver.spans()).hasSize(SPANS);
    }

    /** Waits until every pending session's backoff has passed, then runs one round. */
    private ExportReport roundOnceAllAreDue() {
        Awaitility.await().atMost(PATIENCE).pollInterval(Duration.ofMillis(20)).until(() -> rows.all(
                "SELECT bool_and(next_export_at <= now()) FROM usage_session").get(0).getBoolean(0));
        ExportReport report = job.exportDue().await().atMost(PATIENCE);
        assertThat(report.busy()).isFalse();
        return report;
    }

    private Map<String, Long> perTrace(String spanName) {
        return receiver.spans().stream().filter(span -> span.name().equals(spanName))
                .collect(Collectors.groupingBy(ReceivedSpan::traceIdHex, Collectors.counting()));
    }

    /** Trace ids of the sessions whose span of that state column was exported. */
    private Set<String> traceIds(String stateColumn) {
        return rows.all("SELECT trace_id FROM usage_session WHERE " + stateColumn + " = 'EXPORTED'").stream()
                .map(row -> row.getString("trace_id")).collect(Collectors.toSet());
    }

    private Map<Long, Attempt> attempts() {
        List<Row> all = rows.all("""
                SELECT id, export_attempts, next_export_at, last_export_error,
                       (extract(epoch FROM next_export_at - updated_at) * 1000)::bigint AS delay_ms
                FROM usage_session""");
        return all.stream().collect(Collectors.toMap(row -> row.getLong("id"), Attempt::of, (a, b) -> a));
    }

    private record Attempt(int attempts, Instant nextAt, long delayMillis, String error) {

        static Attempt of(Row row) {
            return new Attempt(row.getInteger("export_attempts"), row.getOffsetDateTime("next_export_at").toInstant(),
                    row.getLong("delay_ms"), row.getString("last_export_error"));
        }
    }
}
