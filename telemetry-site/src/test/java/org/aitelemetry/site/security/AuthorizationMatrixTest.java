package org.aitelemetry.site.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Calls;
import org.aitelemetry.site.support.Calls.Target;
import org.aitelemetry.site.support.Contract;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.HealthCheckBodies;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.aitelemetry.site.support.Tokens;
import org.aitelemetry.site.vm.VirtualMachineFixture;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Acceptance scenario 18: every operation of the contract × every role × the caller's own and another project gets
 * exactly the status its rule allows, through real Keycloak tokens. The cells are generated from the YAML's
 * operations: an operation without a rule in {@link AccessRules} fails here. Lists must never carry another
 * project's objects; by-id requests for them answer 404 (never revealing that they exist).
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class AuthorizationMatrixTest extends SiteApiTest {

    /** A role of the matrix and the test client that holds it (members of cluster-01/nlp-001, except the admin). */
    enum Role {
        ADMIN(KeycloakClients.TEST_ADMIN), MANAGER(KeycloakClients.TEST_MANAGER),
        RESEARCHER(KeycloakClients.TEST_RESEARCHER), NO_ROLE(KeycloakClients.TEST_NO_ROLE);

        final String client;

        Role(String client) {
            this.client = client;
        }
    }

    @TestFactory
    Stream<DynamicTest> everyOperationRoleAndProjectGetsTheStatusItsRuleAllows() {
        List<DynamicTest> cells = new ArrayList<>();
        for (Contract.Operation operation : Contract.OPERATIONS) {
            AccessRule rule = AccessRules.of(operation.id());
            if (rule == null) {
                cells.add(dynamicTest(operation.id() + " has a rule", () -> assertThat(rule)
                        .as("authorization rule for %s (add it to AccessRules)", operation.id()).isNotNull()));
                continue;
            }
            for (Role role : Role.values()) {
                for (Target target : Target.values()) {
                    int expected = rule.expectedStatus(role, target);
                    cells.add(dynamicTest(operation.id() + " as " + role + " on " + target + " → " + expected,
                            () -> assertThat(call(operation.id(), role, target).statusCode()).isEqualTo(expected)));
                }
            }
        }
        return cells.stream();
    }

    @Test
    void listsNeverCarryAnotherProjectsObjects() {
        Map<String, Object> otherObjects = Map.of(
                "/api/v1/projects", (int) Fixture.OTHER_PROJECT,
                "/api/v1/sessions", (int) Fixture.OTHER_SESSION,
                "/api/v1/health-checks", Fixture.OTHER_HEALTH_CHECK,
                "/api/v1/statements", (int) Fixture.OTHER_STATEMENT,
                "/api/v1/virtual-machines", (int) VirtualMachineFixture.OTHER_VM);
        otherObjects.forEach((path, other) -> {
            for (Role member : List.of(Role.MANAGER, Role.RESEARCHER)) {
                List<Object> ids = Api.as(token(member)).queryParam("size", 500).get(path).then().statusCode(200)
                        .extract().path("items.id");
                assertThat(ids).as("%s as %s", path, member).isNotEmpty().doesNotContain(other);
            }
            List<Object> all = Api.as(token(Role.ADMIN)).queryParam("size", 500).get(path).then().statusCode(200)
                    .extract().path("items.id");
            assertThat(all).as("%s as admin", path).contains(other);
        });
    }

    @Test
    void slicesOfAnotherProjectAreShownWithoutWhoUsesThem() {
        Map<Long, String> otherPods = Map.of(Fixture.OTHER_SLICE, "vision-train-0", Fixture.OTHER_PARTITION,
                "vision-rocm-0");
        otherPods.forEach((slice, pod) -> {
            for (Role member : List.of(Role.MANAGER, Role.RESEARCHER)) {
                Api.as(token(member)).get("/api/v1/slices/" + slice).then().statusCode(200)
                        .body("attributed", equalTo(false)).body("pod", nullValue()).body("project", nullValue());
                List<String> pods = Api.as(token(member)).queryParam("size", 500).get("/api/v1/slices").then()
                        .statusCode(200).extract().path("items.pod");
                assertThat(pods).as("slice pods as %s", member).contains("nlp-rocm-0").doesNotContain(pod);
            }
            Api.as(token(Role.ADMIN)).get("/api/v1/slices/" + slice).then().statusCode(200)
                    .body("attributed", equalTo(true)).body("pod", equalTo(pod));
        });
    }

    @Test
    void projectWideAndNodeChecksNeedTheRightRole() {
        assertThat(Api.as(token(Role.RESEARCHER)).contentType("application/json")
                .body(HealthCheckBodies.project("nlp-001")).post("/api/v1/health-checks").statusCode()).isEqualTo(403);
        assertThat(Api.as(token(Role.MANAGER)).contentType("application/json")
                .body(HealthCheckBodies.project("nlp-001")).post("/api/v1/health-checks").statusCode()).isEqualTo(201);
        assertThat(Api.as(token(Role.MANAGER)).contentType("application/json")
                .body(HealthCheckBodies.node("worker-gpu-0001")).post("/api/v1/health-checks").statusCode())
                .isEqualTo(403);
        assertThat(Api.as(token(Role.ADMIN)).contentType("application/json")
                .body(HealthCheckBodies.node("worker-gpu-0001")).post("/api/v1/health-checks").statusCode())
                .isEqualTo(201);
    }

    private Response call(String operationId, Role role, Target target) {
        return Calls.call(operationId, Api.as(token(role)), target);
    }

    private String token(Role role) {
        return Tokens.of(keycloak, role.client);
    }
}
