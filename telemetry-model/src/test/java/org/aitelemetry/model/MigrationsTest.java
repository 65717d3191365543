package org.aitelemetry.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.SchemaMigrator;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The migrations against a real, empty PostgreSQL: they apply in order, and a restart applies nothing again. */
class MigrationsTest {

    private static final List<String> MODEL_TABLES = List.of("metric_source", "ai_cluster", "ai_node", "gpu",
            "gpu_precision", "gpu_device", "gpu_slice", "research_project", "usage_session", "usage_rollup",
            "health_check_request", "probe_run", "probe_result");

    private static PostgresComponent postgres;

    @BeforeAll
    static void startPostgres() throws IOException {
        postgres = new PostgresComponent(Workspace.fromSystemProperties(), "postgres-migrations");
        postgres.start();
    }

    @AfterAll
    static void stopPostgres() {
        postgres.close();
    }

    @Test
    void applyOnAnEmptyDatabaseAndAreIdempotentOnRestart() throws Exception {
        String url = postgres.jdbcUrl(postgres.createDatabase("migrations"));

        MigrateResult first = SchemaMigrator.migrate(url);
        assertThat(first.success).isTrue();
        assertThat(first.migrationsExecuted).isEqualTo(migrationFiles().size());
        assertThat(tables(url)).containsAll(MODEL_TABLES);

        postgres.stop();
        postgres.start();
        MigrateResult second = SchemaMigrator.migrate(url);
        assertThat(second.migrationsExecuted).isZero();
        assertThat(second.targetSchemaVersion).isNull();
        assertThat(second.initialSchemaVersion).isEqualTo(first.targetSchemaVersion);
    }

    @Test
    void migrationFilesAreVersionedAndContiguous() throws Exception {
        List<String> files = migrationFiles();
        for (int i = 0; i < files.size(); i++) {
            assertThat(files.get(i)).matches("V" + (i + 1) + "__[a-z_]+\\.sql");
        }
    }

    private static List<String> migrationFiles() throws URISyntaxException, IOException {
        Path dir = Path.of(MigrationsTest.class.getResource("/db/migration").toURI());
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString())
                    .sorted((a, b) -> Integer.compare(version(a), version(b)))
                    .toList();
        }
    }

    private static int version(String file) {
        return Integer.parseInt(file.substring(1, file.indexOf("__")));
    }

    private static List<String> tables(String url) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url, PostgresComponent.USER, PostgresComponent.PASSWORD);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")) {
            while (rows.next()) {
                tables.add(rows.getString(1));
            }
        }
        return tables;
    }
}
