package org.aitelemetry.devkit.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.function.Consumer;

/**
 * Seeds what the reports benchmark reads on top of the API benchmark's fleet: a span of hourly rollups per GPU and
 * per project as the worker's rollup writes them (both cost bases; a quarter of the GPUs free on any day, utilization
 * spread 0–99 % so that some hours are idle), the daily rollups made from them by the worker's own function, the
 * contacts (a PI per project, 50 managers of ten projects each), and FAILED verdicts after one session in 50 (health
 * credits). The hourly rows month by month, one statement per kind and month, so that progress shows.
 */
final class ReportsSeeder {

    private static final String PARTITION = "SELECT ensure_month_partition(?::regclass, ?)";
    private static final String PROJECT_HOURS = """
            INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated,
                                      gpu_seconds_used, idle_gpu_seconds, utilization_avg, energy_joules, cost,
                                      usage_basis_cost, computed_at)
            SELECT 'PROJECT', p.id, h, p.cluster_id, a.held, a.held * u.busy,
                   CASE WHEN u.busy < 0.05 THEN a.held ELSE 0 END, u.busy * 100, a.held * (100 + 500 * u.busy),
                   round((a.held / 3600 * 2.5)::numeric, 4),
                   round((a.held * u.busy / 3600 * 2.5)::numeric, 4), h + interval '70 minutes'
            FROM research_project p CROSS JOIN generate_series(?::timestamptz, ?::timestamptz, interval '1 hour') h
            CROSS JOIN LATERAL (SELECT p.gpus_requested * 3600 AS held) a
            CROSS JOIN LATERAL (SELECT ((p.id * 37 + extract(epoch FROM h)::bigint / 3600 * 11) % 100) / 100.0
                                AS busy) u""";
    private static final String DEVICE_HOURS = """
            INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated,
                                      gpu_seconds_used, idle_gpu_seconds, utilization_avg, energy_joules, cost,
                                      usage_basis_cost, computed_at)
            SELECT 'DEVICE', d.id, h, n.cluster_id, a.held, a.held * u.busy,
                   CASE WHEN u.busy < 0.05 THEN a.held ELSE 0 END, CASE WHEN a.held > 0 THEN u.busy * 100 END,
                   3600 * (70 + 500 * u.busy * sign(a.held)),
                   round((a.held / 3600 * 2.5)::numeric, 4), round((a.held * u.busy / 3600 * 2.5)::numeric, 4),
                   h + interval '70 minutes'
            FROM gpu_device d JOIN ai_node n ON n.id = d.node_id
            CROSS JOIN generate_series(?::timestamptz, ?::timestamptz, interval '1 hour') h
            CROSS JOIN LATERAL (SELECT CASE WHEN (d.id + extract(epoch FROM h)::bigint / 86400) % 4 = 0 THEN 0
                                            ELSE 3600 END::float8 AS held) a
            CROSS JOIN LATERAL (SELECT ((d.id * 37 + extract(epoch FROM h)::bigint / 3600 * 11) % 100) / 100.0
                                AS busy) u""";
    private static final String DAYS = """
            SELECT refresh_usage_rollup_daily(d::date, NULL, NULL)
            FROM generate_series(?::timestamptz, ?::timestamptz, interval '1 day') d""";
    private static final String CONTACTS = """
            INSERT INTO project_contact (cluster_name, namespace, role, email, display_name, source)
            SELECT c.name, p.namespace, r.role, r.email, r.name, 'reports-benchmark'
            FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id
            CROSS JOIN LATERAL (VALUES ('PI', 'pi-' || p.id || '@example.org', 'PI ' || p.id),
                                       ('MANAGER', 'manager-' || p.id % 50 || '@example.org', 'Manager ' || p.id % 50))
                               AS r(role, email, name)""";
    private static final String FAILURES = """
            INSERT INTO gpu_failure (board, gpu_uuid, cluster, node, run_id, failed_at)
            SELECT s.gpu_uuid, s.gpu_uuid, s.cluster_name, s.node_name, md5('failure/' || s.id)::uuid,
                   s.ends_at + interval '1 hour'
            FROM usage_session s
            WHERE s.state = 'FINAL' AND s.id % 50 = 0 AND s.ends_at + interval '1 hour' < now()""";

    private ReportsSeeder() {
    }

    /**
     * Seeds {@code days} of rollups ending with the last completed hour; says what it did, month by month. The hourly
     * rows go into the table bare, its indexes built once afterwards ({@link IndexesSetAside}); the daily rows are then
     * made from them by the worker's function, day by day.
     */
    static void seed(String jdbcUrl, int days, Consumer<String> progress) throws SQLException {
        Instant end = Instant.now().truncatedTo(ChronoUnit.HOURS);
        Instant start = end.minus(days, ChronoUnit.DAYS);
        try (Connection connection = BenchDatabase.connect(jdbcUrl)) {
            partitions(connection, start, end);
            IndexesSetAside indexes = IndexesSetAside.drop(connection, "usage_rollup");
            for (YearMonth month = YearMonth.from(start.atZone(ZoneOffset.UTC)); first(month).isBefore(end);
                    month = month.plusMonths(1)) {
                Instant from = later(first(month), start);
                Instant last = earlier(first(month.plusMonths(1)), end).minus(1, ChronoUnit.HOURS);
                long begin = System.nanoTime();
                long rows = update(connection, PROJECT_HOURS, from, last)
                        + update(connection, DEVICE_HOURS, from, last);
                progress.accept(String.format("  %s: %,d hourly rows, %.0f s", month, rows, seconds(begin)));
            }
            long begin = System.nanoTime();
            int built = indexes.rebuild(connection);
            progress.accept(String.format("  %d indexes and keys of usage_rollup built: %.0f s", built,
                    seconds(begin)));
            begin = System.nanoTime();
            long daily = refreshDays(connection, start.truncatedTo(ChronoUnit.DAYS), end.minus(1, ChronoUnit.HOURS));
            progress.accept(String.format("  daily rows of %d days: %.0f s", daily, seconds(begin)));
            try (Statement statement = connection.createStatement()) {
                statement.executeUpdate(CONTACTS);
                statement.executeUpdate(FAILURES);
                statement.execute("VACUUM ANALYZE");
            }
        }
    }

    private static double seconds(long begin) {
        return (System.nanoTime() - begin) / 1e9;
    }

    private static void partitions(Connection connection, Instant start, Instant end) throws SQLException {
        try (PreparedStatement partition = connection.prepareStatement(PARTITION)) {
            for (YearMonth month = YearMonth.from(start.atZone(ZoneOffset.UTC));
                    !month.isAfter(YearMonth.from(end.atZone(ZoneOffset.UTC))); month = month.plusMonths(1)) {
                for (String table : new String[] {"usage_rollup", "usage_rollup_daily"}) {
                    partition.setString(1, table);
                    partition.setObject(2, first(month).atOffset(ZoneOffset.UTC));
                    partition.execute();
                }
            }
        }
    }

    /** Runs an insert over the hours [from, last]; returns the rows it wrote. */
    private static long update(Connection connection, String sql, Instant from, Instant last) throws SQLException {
        try (PreparedStatement statement = between(connection, sql, from, last)) {
            return statement.executeUpdate();
        }
    }

    /** Makes the daily rows of the days [from, last] with the worker's function; returns the days. */
    private static long refreshDays(Connection connection, Instant from, Instant last) throws SQLException {
        long days = 0;
        try (PreparedStatement statement = between(connection, DAYS, from, last);
                ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                days++;
            }
        }
        return days;
    }

    private static PreparedStatement between(Connection connection, String sql, Instant from, Instant last)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        statement.setObject(1, from.atOffset(ZoneOffset.UTC));
        statement.setObject(2, last.atOffset(ZoneOffset.UTC));
        return statement;
    }

    private static Instant first(YearMonth month) {
        return month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant earlier(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
