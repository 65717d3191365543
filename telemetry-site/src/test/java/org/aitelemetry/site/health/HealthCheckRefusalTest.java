package org.aitelemetry.site.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.aitelemetry.site.support.Tokens;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Health-check requests refused: fields a client may not set (mass assignment, acceptance scenario 19), invalid
 * bodies, callers not allowed to check the target, unknown clusters and nodes. None of them records anything.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class HealthCheckRefusalTest extends SiteApiTest {

    private static final String CHECKS = "/api/v1/health-checks";
    private static final Map<String, Object> JOB = Map.of("kind", "JOB", "namespace", "nlp-001",
            "pods", List.of("nlp-train-worker-0"));

    private long recordedBefore;

    @BeforeEach
    void fixture() {
        recordedBefore = recorded();
    }

    private ValidatableResponse post(String token, Object body) {
        ValidatableResponse response = Api.malformedAs(token).contentType(ContentType.JSON).body(body).post(CHECKS)
                .then().contentType("application/problem+json");
        assertThat(recorded()).as("requests recorded").isEqualTo(recordedBefore);
        return response;
    }

    private long recorded() {
        return pool.query("SELECT count(*) FROM health_check_request").execute().await().indefinitely()
                .iterator().next().getLong(0);
    }

    private static Map<String, Object> with(Map<String, Object> body, String field, Object value) {
        Map<String, Object> copy = new java.util.LinkedHashMap<>(body);
        copy.put(field, value);
        return copy;
    }

    @Test
    void refusesFieldsTheServerOwns() {
        Map<String, Object> body = Map.of("cluster", "cluster-01", "target", JOB);
        Map<String, Object> serverOwned = Map.of("id", "c4ec0000-0000-4000-8000-0000000000aa", "state", "SUCCEEDED",
                "requestedBy", "someone-else", "jobName", "gpu-probe-x", "priority", "high");
        serverOwned.forEach((field, value) -> post(researcher, with(body, field, value)).statusCode(400)
                .body("code", equalTo("unknown-field"))
                .body("detail", containsString("'" + field + "'")));
        post(researcher, Map.of("cluster", "cluster-01", "target", with(JOB, "requestedBy", "x"))).statusCode(400)
                .body("code", equalTo("unknown-field"));
        post(researcher, Map.of("cluster", "cluster-01", "target", with(JOB, "hostNetwork", true))).statusCode(400)
                .body("code", equalTo("unknown-field"));
    }

    @Test
    void refusesTargetsMissingWhatTheirKindNeeds() {
        String admin = Tokens.of(keycloak, KeycloakClients.TEST_ADMIN);
        post(admin, Map.of("cluster", "cluster-01", "target", Map.of("kind", "NODE"))).statusCode(400)
                .body("code", equalTo("invalid-body")).body("detail", containsString("target.node"));
        post(admin, Map.of("cluster", "cluster-01", "target", Map.of("kind", "PROJECT"))).statusCode(400)
                .body("detail", containsString("target.namespace"));
        post(admin, Map.of("cluster", "cluster-01", "target", Map.of("kind", "JOB", "namespace", "nlp-001")))
                .statusCode(400).body("detail", containsString("exactly one of"));
        post(admin, Map.of("cluster", "cluster-01", "target", with(JOB, "podSelector", "job-name=x")))
                .statusCode(400).body("detail", containsString("exactly one of"));
        post(admin, Map.of("cluster", "cluster-01", "target", with(JOB, "pods", List.of()))).statusCode(400)
                .body("detail", containsString("target.pods"));
        post(admin, Map.of("target", JOB)).statusCode(400).body("detail", containsString("'cluster'"));
        post(admin, Map.of("cluster", "cluster-01")).statusCode(400).body("detail", containsString("'target'"));
        post(admin, Map.of("cluster", "cluster-01", "target", Map.of("kind", "CLUSTER"))).statusCode(400)
                .body("code", equalTo("invalid-body")).body("detail", containsString("'target.kind'"))
                .body("detail", not(containsString("org.aitelemetry")));
    }

    @Test
    void refusesFieldsThatDoNotApplyToTheKind() {
        String admin = Tokens.of(keycloak, KeycloakClients.TEST_ADMIN);
        post(admin, Map.of("cluster", "cluster-01", "target", Map.of("kind", "PROJECT", "namespace", "nlp-001",
                "node", "worker-gpu-0001"))).statusCode(400)
                .body("detail", equalTo("field 'target.node' does not apply to a PROJECT target"));
        post(admin, Map.of("cluster", "cluster-01", "target", Map.of("kind", "NODE", "node", "worker-gpu-0001",
                "pods", List.of("a")))).statusCode(400).body("detail", containsString("'target.pods'"));
        post(admin, Map.of("cluster", "cluster-01", "target", with(JOB, "node", "worker-gpu-0001"))).statusCode(400)
                .body("detail", containsString("'target.node'"));
    }

    @Test
    void refusesBadTestsAndTooManyPods() {
        post(researcher, Map.of("cluster", "cluster-01", "target", JOB, "tests", List.of("GEMM; rm -rf")))
                .statusCode(400).body("code", equalTo("invalid-body")).body("detail", containsString("^[a-z0-9_]"));
        post(researcher, Map.of("cluster", "cluster-01", "target", JOB,
                "tests", Collections.nCopies(33, "gemm_bf16"))).statusCode(400)
                .body("detail", containsString("at most 32"));
        post(researcher, Map.of("cluster", "cluster-01", "target", with(JOB, "pods",
                Collections.nCopies(1025, "pod")))).statusCode(400).body("detail", containsString("target.pods"));
        post(researcher, Map.of("cluster", "cluster-01", "target", with(JOB, "namespace", "n".repeat(64))))
                .statusCode(400).body("detail", containsString("target.namespace"));
        Api.malformedAs(researcher).contentType(ContentType.JSON).body("{\"cluster\": ").post(CHECKS).then()
                .statusCode(400).body("code", equalTo("invalid-body"));
    }

    @Test
    void nodeChecksAreForAdminsOnly() {
        post(researcher, Map.of("cluster", "cluster-01", "target", Map.of("kind", "NODE", "node", "worker-gpu-0001")))
                .statusCode(403).body("code", equalTo("forbidden"));
        post(Tokens.of(keycloak, KeycloakClients.TEST_MANAGER), Map.of("cluster", "cluster-01",
                "target", Map.of("kind", "NODE", "node", "worker-gpu-0001"))).statusCode(403);
    }

    @Test
    void projectChecksAreForItsManagers() {
        Map<String, Object> ownProject = Map.of("kind", "PROJECT", "namespace", "nlp-001");
        post(researcher, Map.of("cluster", "cluster-01", "target", ownProject)).statusCode(403)
                .body("code", equalTo("forbidden"));
        String manager = Tokens.of(keycloak, KeycloakClients.TEST_MANAGER);
        post(manager, Map.of("cluster", "cluster-02", "target", ownProject)).statusCode(404)
                .body("code", equalTo("not-found"));
        post(manager, Map.of("cluster", "cluster-01", "target", Map.of("kind", "PROJECT", "namespace", "vision-002")))
                .statusCode(404);
    }

    @Test
    void jobChecksAreForMembers() {
        post(researcher, Map.of("cluster", "cluster-02", "target", JOB)).statusCode(404)
                .body("code", equalTo("not-found"));
        post(researcher, Map.of("cluster", "cluster-01", "target", with(JOB, "namespace", "vision-002")))
                .statusCode(404);
    }

    @Test
    void aClusterNoWorkerActsOnIsRefusedWithTheReason() {
        String admin = Tokens.of(keycloak, KeycloakClients.TEST_ADMIN);
        Map<String, Object> node = Map.of("cluster", "cluster-02",
                "target", Map.of("kind", "NODE", "node", "worker-gpu-0001"));
        post(admin, node).statusCode(409).body("code", equalTo("no-actuator"))
                .body("detail", containsString("no worker acts on cluster cluster-02's Kubernetes API"));
        // A worker that stopped beating more than two minutes ago acts on nothing.
        pool.query("INSERT INTO kube_actuator (cluster_name, worker, heartbeat_at)"
                + " VALUES ('cluster-02', 'gone-worker', now() - interval '3 minutes')")
                .execute().await().indefinitely();
        try {
            post(admin, node).statusCode(409).body("code", equalTo("no-actuator"));
        } finally {
            pool.query("DELETE FROM kube_actuator WHERE cluster_name = 'cluster-02'").execute().await().indefinitely();
        }
    }

    @Test
    void theClusterAndTheNodeMustExist() {
        String admin = Tokens.of(keycloak, KeycloakClients.TEST_ADMIN);
        post(admin, Map.of("cluster", "cluster-99", "target", JOB)).statusCode(404)
                .body("detail", containsString("cluster cluster-99"));
        // worker-gpu-0002 is a node of cluster-01, not of cluster-02.
        post(admin, Map.of("cluster", "cluster-02", "target", Map.of("kind", "NODE", "node", "worker-gpu-0002")))
                .statusCode(404).body("detail", containsString("node worker-gpu-0002"));
    }
}
