package org.aitelemetry.site.caller;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * Keycloak's roles and group paths, as real tokens carry them, become the caller's roles and projects: for service
 * accounts as for people (the code-flow test covers a person).
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class CallerApiTest extends SiteApiTest {

    @Test
    void aManagersTokenNamesItsRoleAndItsProject() {
        Api.as(manager).get("/api/v1/me").then().statusCode(200)
                .body("username", equalTo("service-account-" + KeycloakClients.TEST_MANAGER))
                .body("roles", contains("telemetry-manager"))
                .body("admin", equalTo(false))
                .body("projects.cluster", contains("cluster-01"))
                .body("projects.namespace", contains("nlp-001"));
    }

    @Test
    void anAdminSeesEverythingWithoutProjectGroups() {
        Api.as(admin).get("/api/v1/me").then().statusCode(200)
                .body("roles", contains("telemetry-admin")).body("admin", equalTo(true)).body("projects", empty());
    }

    @Test
    void theRealmsExampleApiClientIsAResearcherOfItsGroup() {
        String example = keycloak.clientCredentialsToken(KeycloakClients.API_EXAMPLE, KeycloakClients.API_EXAMPLE_SECRET);
        Api.as(example).get("/api/v1/me").then().statusCode(200)
                .body("roles", contains("researcher"))
                .body("projects.namespace", contains("nlp-001"));
    }
}
