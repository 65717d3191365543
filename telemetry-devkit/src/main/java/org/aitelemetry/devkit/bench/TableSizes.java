package org.aitelemetry.devkit.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the growing tables hold, partitions included: bytes on disk (with indexes) and rows as ANALYZE estimates. A
 * partitioned parent is left out: it stores nothing, and ANALYZE gives it the rows of all its partitions again.
 */
final class TableSizes {

    static final List<String> TABLES = List.of("usage_rollup", "usage_rollup_daily", "usage_rollup_hour",
            "usage_session", "alert_batch", "alert_notification", "probe_run", "probe_result", "statement");
    private static final String SIZE = """
            SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0), coalesce(sum(greatest(c.reltuples, 0)), 0)::bigint
            FROM pg_class c
            WHERE (c.oid = ?::regclass OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = ?::regclass))
              AND c.relkind <> 'p'""";

    record Size(long bytes, long rows) {
    }

    private TableSizes() {
    }

    static Map<String, Size> read(String jdbcUrl) throws SQLException {
        Map<String, Size> sizes = new LinkedHashMap<>();
        try (Connection connection = BenchDatabase.connect(jdbcUrl)) {
            try (Statement analyze = connection.createStatement()) {
                analyze.execute("ANALYZE " + String.join(", ", TABLES));
            }
            try (PreparedStatement size = connection.prepareStatement(SIZE)) {
                for (String table : TABLES) {
                    size.setString(1, table);
                    size.setString(2, table);
                    try (ResultSet row = size.executeQuery()) {
                        row.next();
                        sizes.put(table, new Size(row.getLong(1), row.getLong(2)));
                    }
                }
            }
        }
        return sizes;
    }
}
