package org.aitelemetry.site.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.aitelemetry.site.support.Tokens;
import org.junit.jupiter.api.Test;

/**
 * Health-check requests: creating one per target kind (one per test client, to stay below its rate limit), and who
 * sees which request in the list and by id. Refusals are in {@link HealthCheckRefusalTest}.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class HealthCheckApiTest extends SiteApiTest {

    private static final String CHECKS = "/api/v1/health-checks";

    @Test
    void aResearcherAsksForItsJobAndFollowsTheRequest() {
        Response created = Api.as(researcher).contentType(ContentType.JSON)
                .body(Map.of("cluster", "cluster-01", "target", Map.of("kind", "JOB", "namespace", "nlp-001",
                        "pods", List.of("nlp-train-worker-0", "nlp-train-worker-1"))))
                .post(CHECKS);
        created.then().statusCode(201)
                .body("requestedBy", equalTo("service-account-test-researcher"))
                .body("cluster", equalTo("cluster-01"))
                .body("state", equalTo("PENDING"))
                .body("target.kind", equalTo("JOB"))
                .body("target.pods", contains("nlp-train-worker-0", "nlp-train-worker-1"))
                .body("target", not(hasKey("podSelector"))).body("target", not(hasKey("node")))
                .body("tests.size()", equalTo(0))
                .body("jobName", nullValue());
        String id = created.path("id");
        created.then().header("Location", "/api/v1/health-checks/" + id);

        Api.as(researcher).get(CHECKS + "/" + id).then().statusCode(200)
                .body("id", equalTo(id)).body("target.namespace", equalTo("nlp-001"));
        Api.as(researcher).get(CHECKS).then().statusCode(200).body("items[0].id", equalTo(id));
    }

    @Test
    void aManagerAsksForItsProject() {
        String manager = Tokens.of(keycloak, KeycloakClients.TEST_MANAGER);
        Api.as(manager).contentType(ContentType.JSON)
                .body(Map.of("cluster", "cluster-01", "target", Map.of("kind", "PROJECT", "namespace", "nlp-001"),
                        "tests", List.of("gemm_bf16", "memory_bandwidth")))
                .post(CHECKS).then().statusCode(201)
                .body("requestedBy", equalTo("service-account-test-manager"))
                .body("target", equalTo(Map.of("kind", "PROJECT", "namespace", "nlp-001")))
                .body("tests", contains("gemm_bf16", "memory_bandwidth"));
    }

    @Test
    void anAdminAsksForANode() {
        Api.as(admin).contentType(ContentType.JSON)
                .body(Map.of("cluster", "cluster-01", "target", Map.of("kind", "NODE", "node", "worker-gpu-0002")))
                .post(CHECKS).then().statusCode(201)
                .body("requestedBy", equalTo("service-account-test-admin"))
                .body("target", equalTo(Map.of("kind", "NODE", "node", "worker-gpu-0002")));
    }

    @Test
    void othersSeeTheirProjectsRequestsAndTheirOwn() {
        Api.as(researcher).queryParam("size", 500).get(CHECKS).then().statusCode(200)
                .body("items.id", hasItems(Fixture.OWN_HEALTH_CHECK, HealthFixture.RESEARCHERS_OWN_CHECK))
                .body("items.id", not(hasItem(Fixture.OTHER_HEALTH_CHECK)))
                .body("items.id", not(hasItem(HealthFixture.TWIN_PROJECT_CHECK)))
                .body("items.id", not(hasItem(HealthFixture.NODE_CHECK)));
        Api.as(researcher).get(CHECKS + "/" + HealthFixture.RESEARCHERS_OWN_CHECK).then().statusCode(200)
                .body("state", equalTo("FAILED")).body("stateReason", equalTo("no pod matched the selector"))
                .body("jobName", equalTo("gpu-probe-6101"))
                .body("target", equalTo(Map.of("kind", "JOB", "namespace", "nlp-001",
                        "podSelector", "job-name=speech")));
        Api.as(researcher).get(CHECKS + "/" + Fixture.OWN_HEALTH_CHECK).then().statusCode(200)
                .body("requestedBy", equalTo("ada"));
    }

    @Test
    void anotherProjectsRequestIs404() {
        for (String hidden : List.of(Fixture.OTHER_HEALTH_CHECK, HealthFixture.TWIN_PROJECT_CHECK,
                HealthFixture.NODE_CHECK, "c4ec0000-0000-4000-8000-00000000ffff")) {
            Api.as(researcher).get(CHECKS + "/" + hidden).then().statusCode(404).body("code", equalTo("not-found"));
        }
        Api.malformedAs(researcher).get(CHECKS + "/42").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }

    @Test
    void adminsSeeEverythingNewestFirstAndFilterByClusterAndState() {
        Api.as(admin).queryParam("size", 500).get(CHECKS).then().statusCode(200)
                .body("items.id", hasItems(Fixture.OWN_HEALTH_CHECK, Fixture.OTHER_HEALTH_CHECK,
                        HealthFixture.TWIN_PROJECT_CHECK, HealthFixture.NODE_CHECK));
        Api.as(admin).get(CHECKS + "/" + HealthFixture.NODE_CHECK).then().statusCode(200)
                .body("target", equalTo(Map.of("kind", "NODE", "node", "worker-gpu-0002")));
        Api.as(admin).queryParam("cluster", "cluster-02").queryParam("state", "PENDING").get(CHECKS).then()
                .statusCode(200).body("items.id", hasItem(HealthFixture.TWIN_PROJECT_CHECK))
                .body("items.cluster", everyItem(equalTo("cluster-02")))
                .body("items.state", everyItem(equalTo("PENDING")));
        List<String> created = Api.as(admin).queryParam("size", 500).get(CHECKS).then().statusCode(200)
                .extract().path("items.createdAt");
        assertThat(created.stream().map(OffsetDateTime::parse).toList())
                .isSortedAccordingTo(Comparator.reverseOrder());
        Api.as(admin).queryParam("state", "FAILED").get(CHECKS).then().statusCode(200)
                .body("items.state", everyItem(equalTo("FAILED")))
                .body("items.id", hasItem(HealthFixture.RESEARCHERS_OWN_CHECK));
        Api.as(admin).queryParam("state", "SCHEDULED").get(CHECKS).then().statusCode(200)
                .body("items.id", contains(HealthFixture.NODE_CHECK));
    }

    @Test
    void refusesAnUnknownStateFilter() {
        Api.malformedAs(admin).queryParam("state", "DONE").get(CHECKS).then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }
}
