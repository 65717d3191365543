package org.aitelemetry.devkit.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/**
 * What PostgreSQL holds of the runs the worker acknowledged (201): runs missing from probe_run, runs without a
 * probe_result row per GPU, runs not linked to their node, and how many of the fleet's nodes and GPUs carry a verdict.
 */
record HealthRows(long acknowledged, long missing, long incomplete, long unlinked, long scoredNodes, long scoredGpus,
        long resultGpus) {

    private static final String ACKNOWLEDGED = """
            SELECT count(*), count(*) FILTER (WHERE p.id IS NULL),
                   count(*) FILTER (WHERE p.id IS NOT NULL AND r.results <> ?),
                   count(*) FILTER (WHERE p.id IS NOT NULL AND p.node_id IS NULL)
            FROM unnest(?::text[]) AS a(run_id)
            LEFT JOIN probe_run p ON p.run_id = a.run_id::uuid
            LEFT JOIN LATERAL (SELECT count(*) AS results FROM probe_result WHERE probe_run_id = p.id) r ON true""";
    private static final String SCORED = """
            SELECT (SELECT count(*) FROM ai_node WHERE health <> 'UNKNOWN'),
                   (SELECT count(*) FROM gpu_device WHERE health <> 'UNKNOWN'),
                   (SELECT count(DISTINCT gpu_uuid) FROM probe_result)""";

    static HealthRows check(String jdbcUrl, List<UUID> created, int gpusPerNode) throws SQLException {
        try (Connection connection = BenchDatabase.connect(jdbcUrl);
                PreparedStatement acknowledged = connection.prepareStatement(ACKNOWLEDGED);
                PreparedStatement scored = connection.prepareStatement(SCORED)) {
            acknowledged.setInt(1, gpusPerNode);
            acknowledged.setArray(2, connection.createArrayOf("text", created.stream().map(UUID::toString).toArray()));
            try (ResultSet runs = acknowledged.executeQuery(); ResultSet verdicts = scored.executeQuery()) {
                runs.next();
                verdicts.next();
                return new HealthRows(runs.getLong(1), runs.getLong(2), runs.getLong(3), runs.getLong(4),
                        verdicts.getLong(1), verdicts.getLong(2), verdicts.getLong(3));
            }
        }
    }

    /** Every acknowledged run stored with all its results. */
    boolean complete() {
        return missing == 0 && incomplete == 0;
    }
}
