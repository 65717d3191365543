package org.aitelemetry.worker.health;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.junit.jupiter.api.Test;

/** The worker starts on an empty database, applies the model's migrations itself, and reports healthy. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class WorkerStartTest {

    @Inject
    Pool pool;

    @Test
    void appliesEveryMigrationAtStart() throws IOException {
        List<String> applied = new ArrayList<>();
        for (Row row : pool.query("SELECT version, success FROM flyway_schema_history WHERE version IS NOT NULL ORDER BY installed_rank")
                .executeAndAwait()) {
            assertThat(row.getBoolean("success")).isTrue();
            applied.add(row.getString("version"));
        }
        assertThat(applied).containsExactlyElementsOf(modelMigrationVersions());
    }

    /** The versions of the migration files the model module holds, in order: every one must be applied. */
    private static List<String> modelMigrationVersions() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("../telemetry-model/src/main/resources/db/migration"))) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.matches("V\\d+__.*\\.sql"))
                    .map(name -> name.substring(1, name.indexOf("__"))).sorted(Comparator.comparingInt(Integer::parseInt))
                    .toList();
        }
    }

    @Test
    void readinessIsUpAndIncludesTheDatabase() {
        given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("Reactive PostgreSQL connections health check"));
    }

    @Test
    void livenessIsUp() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }
}
