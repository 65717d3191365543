package org.aitelemetry.worker.lifecycle;

import static org.aitelemetry.worker.sql.SqlValues.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Retention of the tables that stay unpartitioned (usage sessions, probe runs, the rollup's hour marks, sent mail,
 * idle-GPU notices, statements; see docs/architecture.md): rows past the cut-off are deleted in bounded batches, each
 * its own short statement, so no lock is held for long.
 */
final class RowRetention {

    private static final Logger LOG = Logger.getLogger(RowRetention.class);

    private final SqlConnection connection;
    private final int batch;

    RowRetention(SqlConnection connection, int batch) {
        this.connection = connection;
        this.batch = batch;
    }

    /** FINAL, exported sessions that ended before the cut-off; the rest past it are counted as kept. */
    Uni<TableOutcome> sessions(Instant cutoff) {
        return deleteAll(LifecycleSql.DELETE_SESSIONS, cutoff, 0)
                .chain(deleted -> connection.preparedQuery(LifecycleSql.SESSIONS_IN_FLIGHT)
                        .execute(Tuple.of(utc(cutoff))).map(rows -> rows.iterator().next().getLong("kept"))
                        .invoke(kept -> LOG.infof("retention deleted %d sessions; kept %d past the cut-off that are"
                                + " not yet FINAL and exported", deleted, kept))
                        .map(kept -> new TableOutcome("usage_session", List.of(), List.of(), deleted, kept)));
    }

    /** The rollup's marks of completed hours ({@code usage_rollup_hour}) before the hourly rollups' cut-off. */
    Uni<TableOutcome> rollupMarks(Instant cutoff) {
        return rows("usage_rollup_hour", LifecycleSql.DELETE_ROLLUP_MARKS, cutoff);
    }

    /** Probe runs (and their results) that started before the cut-off, but each node's newest. */
    Uni<TableOutcome> probeRuns(Instant cutoff) {
        return rows("probe_run", LifecycleSql.DELETE_PROBE_RUNS, cutoff)
                .invoke(outcome -> LOG.infof("retention deleted %d probe runs (each node's newest is kept)",
                        outcome.rowsDropped()));
    }

    /** Mail sent or refused for good that was made before the cut-off. */
    Uni<TableOutcome> sentMail(Instant cutoff) {
        return rows("mail_outbox", LifecycleSql.DELETE_SENT_MAIL, cutoff);
    }

    /** Idle-GPU notices made before the cut-off. */
    Uni<TableOutcome> idleNotices(Instant cutoff) {
        return rows("idle_notice", LifecycleSql.DELETE_IDLE_NOTICES, cutoff);
    }

    /** Statements of periods that ended before the cut-off. */
    Uni<TableOutcome> statements(Instant cutoff) {
        return rows("statement", LifecycleSql.DELETE_STATEMENTS, cutoff);
    }

    private Uni<TableOutcome> rows(String table, String delete, Instant cutoff) {
        return deleteAll(delete, cutoff, 0).map(deleted -> new TableOutcome(table, List.of(), List.of(), deleted, 0));
    }

    private Uni<Long> deleteAll(String delete, Instant cutoff, long deletedSoFar) {
        return connection.preparedQuery(delete).execute(Tuple.of(utc(cutoff), batch))
                .chain(rows -> rows.rowCount() < batch ? Uni.createFrom().item(deletedSoFar + rows.rowCount())
                        : deleteAll(delete, cutoff, deletedSoFar + rows.rowCount()));
    }
}
