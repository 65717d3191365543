package org.aitelemetry.worker.health;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import org.aitelemetry.devkit.postgres.InjectPostgres;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.ManagementInterface;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Readiness turns DOWN when PostgreSQL goes away and UP again when it returns, without restarting the worker. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class ReadinessFollowsDatabaseTest {

    @InjectPostgres
    PostgresComponent postgres;

    @Test
    void readinessFollowsTheDatabase() throws Exception {
        awaitReadiness(200, "UP");

        postgres.stop();
        awaitReadiness(503, "DOWN");
        ManagementInterface.given().when().get("/q/health/live").then().statusCode(200);

        postgres.start();
        awaitReadiness(200, "UP");
    }

    @AfterEach
    void leaveDatabaseRunning() throws Exception {
        postgres.start();
    }

    private static void awaitReadiness(int status, String state) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() ->
                ManagementInterface.given().when().get("/q/health/ready").then().statusCode(status)
                        .body("status", equalTo(state)));
    }
}
