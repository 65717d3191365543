package org.aitelemetry.site.health;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.junit.jupiter.api.Test;

/** The site starts against a schema the worker migrated (here the devkit stands in for it) and reports healthy. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, initArgs = @ResourceArg(name = PostgresTestResource.MIGRATE, value = "true"))
class SiteStartTest {

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
