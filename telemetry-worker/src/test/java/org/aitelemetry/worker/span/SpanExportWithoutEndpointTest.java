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
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.junit.jupiter.api.Test;
import org.aitelemetry.worker.WorkerMetrics;

/** Without an OTLP endpoint the outbox keeps its spans: nothing is claimed for export, nothing counts as failed. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class SpanExportWithoutEndpointTest {

    private static final Instant START = Instant.parse("2026-11-20T08:00:00Z");

    @Inject
    SpanExportJob job;

    @Inject
    Pool pool;

    @Test
    void spansWaitInTheOutboxAndTheDepthShowsThem() {
        SessionRows rows = new SessionRows(pool);
        rows.execute("DELETE FROM usage_session");
        long id = rows.insert(session("fp-waiting", START).finalAt(START.plusSeconds(60), "RESOLVED"));
        rows.insert(session("fp-open", START).startSpanPending());

        for (int round = 0; round < 2; round++) {
            ExportReport report = job.exportDue().await().atMost(Duration.ofSeconds(30));
            assertThat(report.exportedSpans()).isZero();
            assertThat(report.failedSpans()).isZero();
        }

        Row row = rows.byId(id);
        assertThat(row.getString("export_state")).isEqualTo("PENDING");
        assertThat(row.getInteger("export_attempts")).isZero();
        assertThat(row.getOffsetDateTime("aggregates_at")).as("aggregates are read all the same").isNotNull();
        assertThat(WorkerMetrics.value("telemetry_span_outbox_depth", "")).isEqualTo(2);
    }
}
