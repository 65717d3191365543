package org.aitelemetry.devkit.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/** The statements the worker made, counted by period and subject kind ("WEEK PROJECT" → 2,500). */
final class StatementCounts {

    private StatementCounts() {
    }

    static Map<String, Long> read(String jdbcUrl) throws SQLException {
        Map<String, Long> counts = new LinkedHashMap<>();
        try (Connection connection = BenchDatabase.connect(jdbcUrl); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("""
                        SELECT period_kind || ' ' || subject_kind, count(*) FROM statement
                        GROUP BY period_kind, subject_kind ORDER BY period_kind DESC, subject_kind""")) {
            while (rows.next()) {
                counts.put(rows.getString(1), rows.getLong(2));
            }
        }
        return counts;
    }
}
