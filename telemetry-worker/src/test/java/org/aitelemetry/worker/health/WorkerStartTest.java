package org.aitelemetry.worker.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.ManagementInterface;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/** The worker starts on an empty database, applies the model's migrations itself, and reports healthy. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class WorkerStartTest {

    @Inject
    Pool pool;

    @Inject
    Flyway flyway;

    @Test
    void appliesEveryMigrationAtStart() {
        List<String> applied = new ArrayList<>();
        for (Row row : pool.query("SELECT version, success FROM flyway_schema_history WHERE version IS NOT NULL ORDER BY installed_rank")
                .executeAndAwait()) {
            assertThat(row.getBoolean("success")).isTrue();
            applied.add(row.getString("version"));
        }
        // Every migration of the model, whatever its number: none left pending, and the first one among them.
        assertThat(flyway.info().pending()).isEmpty();
        assertThat(applied).startsWith("1").hasSize(flyway.info().applied().length);
    }

    @Test
    void readinessIsUpAndIncludesTheDatabase() {
        ManagementInterface.given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("Reactive PostgreSQL connections health check"));
    }

    @Test
    void livenessIsUp() {
        ManagementInterface.given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }
}
