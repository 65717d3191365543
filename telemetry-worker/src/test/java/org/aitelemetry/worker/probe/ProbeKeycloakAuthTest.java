package org.aitelemetry.worker.probe;

import static org.aitelemetry.worker.ingest.IngestContract.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.devkit.keycloak.InjectKeycloak;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;
import org.aitelemetry.devkit.keycloak.KeycloakTestResource;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.ingest.UnsentBody;
import org.junit.jupiter.api.Test;

/**
 * Probe runs behind real Keycloak (scenario 20): only the probe's token (role probe-writer) may post, Alertmanager's
 * may not, and a body over the limit gets 413; without {@code telemetry.probes.node-claim} a token's node claim
 * restricts nothing. The other direction, the probe's token on the webhook, is in WebhookKeycloakAuthTest; node-scoped
 * credentials in ProbeNodeScopeTest.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = KeycloakTestResource.class,
        initArgs = @ResourceArg(name = KeycloakTestResource.APP, value = "worker"))
class ProbeKeycloakAuthTest {

    @InjectKeycloak
    KeycloakComponent keycloak;

    @Inject
    Pool pool;

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
        assertThat(UnsentBody.post(ProbeRunResourceTest.PATH, probeToken(), 5 * 1024 * 1024).statusLine())
                .startsWith("HTTP/1.1 413");
    }

    @Test
    void withoutTheNodeClaimPropertyANodeTokenWritesAnyNode() {
        new ProbeFleet(pool, "unscoped").node("unscoped-node", List.of("GPU-unscoped-0"));
        String nodeToken = keycloak.clientCredentialsToken(KeycloakClients.TEST_PROBE_NODE,
                KeycloakClients.testSecret(KeycloakClients.TEST_PROBE_NODE));

        ProbeNodeScopeTest.post(nodeToken, ProbeNodeScopeTest.report("unscoped-node", UUID.randomUUID(),
                List.of("GPU-unscoped-0"))).statusCode(201);

        assertThat(pool.preparedQuery("SELECT health FROM gpu_device WHERE uuid = $1")
                .executeAndAwait(Tuple.of("GPU-unscoped-0")).iterator().next().getString(0)).isEqualTo("HEALTHY");
    }

    private String probeToken() {
        return keycloak.clientCredentialsToken(KeycloakClients.GPU_PROBE, KeycloakClients.GPU_PROBE_SECRET);
    }
}
