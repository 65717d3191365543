package org.aitelemetry.site.health;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import org.aitelemetry.devkit.http.TestManagementInterface;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * The site starts against a schema the worker migrated (here the devkit stands in for it) and reports healthy on its
 * management interface.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class SiteStartTest {

    @Test
    void readinessIsUpAndIncludesTheDatabase() {
        management().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("Reactive PostgreSQL connections health check"));
    }

    @Test
    void livenessIsUp() {
        management().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    private static RequestSpecification management() {
        URI root = TestManagementInterface.root();
        return given().baseUri(root.toString()).port(root.getPort());
    }
}
