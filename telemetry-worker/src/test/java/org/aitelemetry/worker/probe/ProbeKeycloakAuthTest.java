package org.aitelemetry.worker.probe;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.aitelemetry.devkit.keycloak.InjectKeycloak;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;
import org.aitelemetry.devkit.keycloak.KeycloakTestResource;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.junit.jupiter.api.Test;

/**
 * Probe runs behind real Keycloak (scenario 20): only the probe's token (role probe-writer) may post, Alertmanager's
 * may not, and a body over the limit gets 413. The other direction, the probe's token on the webhook, is in
 * WebhookKeycloakAuthTest.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = KeycloakTestResource.class,
        initArgs = @ResourceArg(name = KeycloakTestResource.APP, value = "worker"))
class ProbeKeycloakAuthTest {

    @InjectKeycloak
    KeycloakComponent keycloak;

    @Test
    void theProbesTokenPostsARun() {
        given().auth().oauth2(probeToken()).contentType(ContentType.JSON).body(ProbeReports.golden())
                .post(ProbeRunResourceTest.PATH).then().statusCode(201);
    }

    @Test
    void alertmanagersTokenCannotPostProbeRuns() {
        String token = keycloak.clientCredentialsToken(KeycloakClients.ALERTMANAGER, KeycloakClients.ALERTMANAGER_SECRET);
        given().auth().oauth2(token).contentType(ContentType.JSON).body(ProbeReports.golden())
                .post(ProbeRunResourceTest.PATH).then().statusCode(403);
    }

    @Test
    void aBodyOverTheLimitIsRefused() throws Exception {
        assertThat(OversizedBody.status(ProbeRunResourceTest.PATH, probeToken(), 5 * 1024 * 1024))
                .startsWith("HTTP/1.1 413");
    }

    private String probeToken() {
        return keycloak.clientCredentialsToken(KeycloakClients.GPU_PROBE, KeycloakClients.GPU_PROBE_SECRET);
    }
}
