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
            long pending = single(statement, "SELECT count(*) FROM alert_notification WHERE processed_at IS NULL");
            try (ResultSet sessions = statement.executeQuery("SELECT count(*), count(ends_at), "
                    + "coalesce(sum(duplicates), 0) FROM usage_session")) {
                sessions.next();
                return new IngestRows(batches, notifications, pending, sessions.getLong(1), sessions.getLong(2),
                        sessions.getLong(3));
            }
        }
    }

    /** Notifications no session processing has consumed yet. */
    static long pending(String jdbcUrl) throws SQLException {
        try (Connection connection = connect(jdbcUrl); Statement statement = connection.createStatement()) {
            return single(statement, "SELECT count(*) FROM alert_notification WHERE processed_at IS NULL");
        }
    }
}
