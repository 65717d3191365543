package org.aitelemetry.devkit.bench;

import static org.aitelemetry.devkit.bench.BenchDatabase.connect;
import static org.aitelemetry.devkit.bench.BenchDatabase.single;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Samples, every few seconds, how many notifications PostgreSQL holds and how many session processing has not consumed
 * yet. Stored is the newest notification id (an identity column, one per notification, so it counts without scanning
 * the table; a rolled-back batch leaves a gap, which the exact count afterwards settles). Pending is the length of
 * session processing's queue, {@code alert_pending}: one narrow row per notification not yet applied.
 */
final class BacklogWatch implements AutoCloseable {

    private static final String STORED = "SELECT coalesce(max(id), 0) FROM alert_notification";
    private static final String PENDING = "SELECT count(*) FROM alert_pending";

    private final Connection connection;
    private final Statement statement;
    private final long startNanos = System.nanoTime();
    private final List<BacklogTrend.Sample> samples = new ArrayList<>();

    BacklogWatch(String jdbcUrl) throws SQLException {
        this.connection = connect(jdbcUrl);
        this.statement = connection.createStatement();
    }

    /** Takes one sample now and returns it. */
    BacklogTrend.Sample sample() throws SQLException {
        BacklogTrend.Sample sample = new BacklogTrend.Sample((System.nanoTime() - startNanos) / 1e9,
                single(statement, STORED), single(statement, PENDING));
        samples.add(sample);
        return sample;
    }

    /** Every sample so far, oldest first. */
    List<BacklogTrend.Sample> samples() {
        return List.copyOf(samples);
    }

    /** The samples taken between two of them (both included): one phase of the run. */
    List<BacklogTrend.Sample> between(BacklogTrend.Sample from, BacklogTrend.Sample to) {
        return samples.subList(samples.indexOf(from), samples.indexOf(to) + 1);
    }

    @Override
    public void close() throws SQLException {
        statement.close();
        connection.close();
    }
}
