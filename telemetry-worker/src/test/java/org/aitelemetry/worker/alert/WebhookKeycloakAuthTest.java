package org.aitelemetry.worker.alert;

import static org.aitelemetry.worker.ingest.IngestContract.given;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import org.aitelemetry.devkit.keycloak.InjectKeycloak;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;
import org.aitelemetry.devkit.keycloak.KeycloakTestResource;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.junit.jupiter.api.Test;

/**
 * The webhook behind real Keycloak (scenario 20): only a token issued to Alertmanager for the worker, with the role
 * alerts-writer, may post; tokens of the same realm with another role or another audience may not.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = KeycloakTestResource.class,
        initArgs = @ResourceArg(name = KeycloakTestResource.APP, value = "worker"))
class WebhookKeycloakAuthTest {

    private static final String PATH = "/api/ingest/v1/alertmanager";

    @InjectKeycloak
    KeycloakComponent keycloak;

    @Test
    void alertmanagersTokenPostsANotification() throws IOException {
        withToken(KeycloakClients.ALERTMANAGER, KeycloakClients.ALERTMANAGER_SECRET)
                .body(AlertmanagerWebhookResourceTest.fixture("alertmanager-0.25-firing.json"))
                .post(PATH).then().statusCode(200);
    }

    @Test
    void theProbesTokenLacksTheRole() {
        withToken(KeycloakClients.GPU_PROBE, KeycloakClients.GPU_PROBE_SECRET).body("{}").post(PATH).then()
                .statusCode(403);
    }

    @Test
    void aTokenForTheSitesApiIsNotForTheWorker() {
        String researcher = KeycloakClients.TEST_RESEARCHER;
        withToken(researcher, KeycloakClients.testSecret(researcher)).body("{}").post(PATH).then().statusCode(401);
    }

    @Test
    void noTokenIsUnauthorized() {
        given().contentType(ContentType.JSON).body("{}").post(PATH).then().statusCode(401);
    }

    private RequestSpecification withToken(String clientId, String secret) {
        return given().auth().oauth2(keycloak.clientCredentialsToken(clientId, secret)).contentType(ContentType.JSON);
    }
}
