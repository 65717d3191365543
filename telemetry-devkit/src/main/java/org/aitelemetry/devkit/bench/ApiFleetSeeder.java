package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.aitelemetry.devkit.fleet.FleetProject;

/**
 * Seeds the site benchmarks' fleet straight into a migrated database: {@code api-fleet.sql}, one set-based statement
 * per table over {@code generate_series}, in one transaction, the hourly rollups loaded without their indexes
 * ({@link IndexesSetAside}: 3.6 million rows at 5,000 projects), then VACUUM ANALYZE so the planner knows the sizes and
 * index-only scans need not visit the table. The same scale gives the same rows (UUIDs, names, verdicts, sessions);
 * only times move with the current hour.
 */
final class ApiFleetSeeder {

    static final List<String> TABLES = List.of("ai_cluster", "ai_node", "gpu", "gpu_precision", "gpu_device",
            "gpu_slice", "research_project", "usage_session", "usage_rollup", "probe_run", "probe_result");

    /** Row counts by table, and the seconds seeding took including VACUUM ANALYZE. */
    record Seeded(Map<String, Long> rows, double seconds) {
    }

    private ApiFleetSeeder() {
    }

    static Seeded seed(String jdbcUrl, ApiFleetScale scale) throws SQLException, IOException {
        List<String> statements = statements();
        long begin = System.nanoTime();
        try (Connection connection = BenchDatabase.connect(jdbcUrl)) {
            connection.setAutoCommit(false);
            writeScale(connection, scale);
            IndexesSetAside rollupIndexes = IndexesSetAside.drop(connection, "usage_rollup");
            try (Statement statement = connection.createStatement()) {
                for (String sql : statements) {
                    statement.execute(sql);
                }
            }
            rollupIndexes.rebuild(connection);
            connection.commit();
            connection.setAutoCommit(true);
            try (Statement statement = connection.createStatement()) {
                // As autovacuum leaves tables in service: statistics, and a visibility map for index-only scans.
                statement.execute("VACUUM ANALYZE");
            }
            double seconds = (System.nanoTime() - begin) / 1e9;
            return new Seeded(count(connection), seconds);
        }
    }

    private static void writeScale(Connection connection, ApiFleetScale scale) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("""
                    CREATE TEMPORARY TABLE seed_scale (clusters int, nodes int, gpus int, a100_nodes int,
                      mig_nodes int, namespaces varchar[], sessions int, rollup_hours int, probe_every int,
                      anchor timestamptz) ON COMMIT DROP""");
        }
        String[] namespaces = IntStream.range(0, scale.projectsPerCluster()).mapToObj(FleetProject::namespace)
                .toArray(String[]::new);
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO seed_scale VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, date_trunc('hour', now()))")) {
            insert.setInt(1, scale.clusters());
            insert.setInt(2, scale.nodesPerCluster());
            insert.setInt(3, scale.gpusPerNode());
            insert.setInt(4, scale.a100NodesPerCluster());
            insert.setInt(5, scale.migNodesPerCluster());
            insert.setArray(6, connection.createArrayOf("varchar", namespaces));
            insert.setInt(7, scale.sessionsPerProject());
            insert.setInt(8, scale.rollupDays() * 24);
            insert.setInt(9, ApiFleetScale.PROBED_NODE_EVERY);
            insert.executeUpdate();
        }
    }

    /** The script's statements: comment lines dropped, split where a line ends with a semicolon. */
    static List<String> statements() throws IOException {
        try (InputStream script = ApiFleetSeeder.class.getResourceAsStream("api-fleet.sql")) {
            if (script == null) {
                throw new IOException("api-fleet.sql is not on the classpath");
            }
            String text = new String(script.readAllBytes(), StandardCharsets.UTF_8)
                    .lines().filter(line -> !line.startsWith("--")).reduce("", (a, b) -> a + b + "\n");
            return Arrays.stream(text.split(";\\s*\\n")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        }
    }

    private static Map<String, Long> count(Connection connection) throws SQLException {
        Map<String, Long> rows = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement()) {
            for (String table : TABLES) {
                try (ResultSet result = statement.executeQuery("SELECT count(*) FROM " + table)) {
                    result.next();
                    rows.put(table, result.getLong(1));
                }
            }
        }
        return rows;
    }
}
