package org.aitelemetry.devkit.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What the API benchmark's requests name, read back from the seeded database: every cluster, node and GPU for the
 * fleet operations, the MIG nodes for slices, and the caller's own project and its sessions for project data.
 */
record ApiTargets(List<String> clusters, List<Node> nodes, List<Node> migNodes, List<String> deviceUuids,
        long ownProjectId, List<Long> ownSessionIds) {

    record Node(long id, String cluster, String name) {
    }

    static final ApiTargets EXAMPLE = new ApiTargets(List.of("cluster-01"),
            List.of(new Node(1, "cluster-01", "worker-gpu-0001")), List.of(new Node(1, "cluster-01", "worker-gpu-0001")),
            List.of("GPU-<uuid>"), 1, List.of(1L));

    static ApiTargets load(String jdbcUrl, String ownCluster, String ownNamespace) throws SQLException {
        try (Connection connection = BenchDatabase.connect(jdbcUrl)) {
            List<Node> nodes = new ArrayList<>();
            List<Node> migNodes = new ArrayList<>();
            try (ResultSet rows = connection.createStatement().executeQuery("""
                    SELECT n.id, c.name, n.name, bool_or(d.mig_enabled) FROM ai_node n
                    JOIN ai_cluster c ON c.id = n.cluster_id JOIN gpu_device d ON d.node_id = n.id
                    GROUP BY n.id, c.name, n.name ORDER BY n.id""")) {
                while (rows.next()) {
                    Node node = new Node(rows.getLong(1), rows.getString(2), rows.getString(3));
                    nodes.add(node);
                    if (rows.getBoolean(4)) {
                        migNodes.add(node);
                    }
                }
            }
            long ownProject = ownProject(connection, ownCluster, ownNamespace);
            return new ApiTargets(strings(connection, "SELECT name FROM ai_cluster ORDER BY name"), nodes, migNodes,
                    strings(connection, "SELECT uuid FROM gpu_device ORDER BY id"), ownProject,
                    longs(connection, "SELECT id FROM usage_session WHERE project_id = " + ownProject + " ORDER BY id"));
        }
    }

    /** The id of the seeded project {@code cluster}/{@code namespace}. */
    static long projectId(String jdbcUrl, String cluster, String namespace) throws SQLException {
        try (Connection connection = BenchDatabase.connect(jdbcUrl)) {
            return ownProject(connection, cluster, namespace);
        }
    }

    static <T> T any(List<T> choices, SplittableRandom random) {
        return choices.get(random.nextInt(choices.size()));
    }

    private static long ownProject(Connection connection, String cluster, String namespace) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("""
                SELECT p.id FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id
                WHERE c.name = ? AND p.namespace = ?""")) {
            query.setString(1, cluster);
            query.setString(2, namespace);
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    throw new IllegalStateException("no project " + cluster + "/" + namespace + " was seeded");
                }
                return rows.getLong(1);
            }
        }
    }

    private static List<String> strings(Connection connection, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (ResultSet rows = connection.createStatement().executeQuery(sql)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        return values;
    }

    private static List<Long> longs(Connection connection, String sql) throws SQLException {
        List<Long> values = new ArrayList<>();
        try (ResultSet rows = connection.createStatement().executeQuery(sql)) {
            while (rows.next()) {
                values.add(rows.getLong(1));
            }
        }
        return values;
    }
}
