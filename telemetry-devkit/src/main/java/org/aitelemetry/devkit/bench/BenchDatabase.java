package org.aitelemetry.devkit.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.aitelemetry.devkit.postgres.PostgresComponent;

/** The benchmarks' JDBC access to the embedded PostgreSQL: connections, durable commits, single figures. */
final class BenchDatabase {

    private BenchDatabase() {
    }

    static Connection connect(String jdbcUrl) throws SQLException {
        return DriverManager.getConnection(jdbcUrl, PostgresComponent.USER, PostgresComponent.PASSWORD);
    }

    /**
     * A 2xx promises the write is durable, but embedded PostgreSQL runs with {@code synchronous_commit=off}; production
     * commits wait for the WAL flush, and so do the benchmarks'.
     */
    static void commitDurably(String jdbcUrl, String database) throws SQLException {
        try (Connection connection = connect(jdbcUrl); Statement statement = connection.createStatement()) {
            statement.execute("ALTER DATABASE " + database + " SET synchronous_commit TO on");
        }
    }

    /** The first column of the first row, as a number. */
    static long single(Statement statement, String sql) throws SQLException {
        try (ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getLong(1);
        }
    }
}
