package org.aitelemetry.devkit.bench;

import static org.aitelemetry.devkit.bench.BenchDatabase.connect;
import static org.aitelemetry.devkit.bench.BenchDatabase.single;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** What the worker stored, counted in PostgreSQL after the load. */
record IngestRows(long batches, long notifications, long pending, long sessions, long closedSessions,
        long countedDuplicates) {

    static IngestRows count(String jdbcUrl) throws SQLException {
        try (Connection connection = connect(jdbcUrl); Statement statement = connection.createStatement()) {
            long batches = single(statement, "SELECT count(*) FROM alert_batch");
            long notifications = single(statement, "SELECT count(*) FROM alert_notification");
            long pending = single(statement, "SELECT count(*) FROM alert_pending");
            try (ResultSet sessions = statement.executeQuery("SELECT count(*), count(ends_at), "
                    + "coalesce(sum(duplicates), 0) FROM usage_session")) {
                sessions.next();
                return new IngestRows(batches, notifications, pending, sessions.getLong(1), sessions.getLong(2),
                        sessions.getLong(3));
            }
        }
    }

    /** Notifications session processing has not consumed yet. */
    static long pending(String jdbcUrl) throws SQLException {
        return countOf(jdbcUrl, "SELECT count(*) FROM alert_pending");
    }

    /**
     * Whether any notification is still pending: one index probe, for polling while millions drain (counting them
     * each time would slow the drain measured).
     */
    static boolean anyPending(String jdbcUrl) throws SQLException {
        return countOf(jdbcUrl, "SELECT count(*) FROM (SELECT 1 FROM alert_pending LIMIT 1) queued") > 0;
    }

    private static long countOf(String jdbcUrl, String sql) throws SQLException {
        try (Connection connection = connect(jdbcUrl); Statement statement = connection.createStatement()) {
            return single(statement, sql);
        }
    }
}
