package org.aitelemetry.worker.probe;

import static org.aitelemetry.worker.ingest.IngestContract.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.devkit.keycloak.InjectKeycloak;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;
import org.aitelemetry.devkit.keycloak.KeycloakTestResource;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.WorkerMetrics;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Node-scoped probe credentials (scenario 20) against real Keycloak and PostgreSQL: a token whose claim names node A
 * writes A's GPUs, and is refused with 403 and the reason, storing nothing, for a GPU of node B or a report from host
 * B; GPUs and a hostname the fleet does not know are A's; the shared probe token, which names no node, is refused.
 */
@QuarkusTest
@TestProfile(NodeScopedProbeProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = KeycloakTestResource.class,
        initArgs = @ResourceArg(name = KeycloakTestResource.APP, value = "worker"))
class ProbeNodeScopeTest {

    private static final String NODE = KeycloakClients.TEST_PROBE_NODE_NAME;
    private static final String CLUSTER = KeycloakClients.TEST_PROBE_CLUSTER_NAME;
    private static final String OTHER_NODE = "probe-node-b";
    /** A GPU of a node of the token's node name in another cluster: another node (scenario 27). */
    private static final String TWIN_GPU = "GPU-scope-twin0";
    private static final List<String> NODE_GPUS = List.of("GPU-scope-a0", "GPU-scope-a1");
    private static final String OTHER_GPU = "GPU-scope-b0";
    private static final Instant T0 = ProbeReports.YESTERDAY;
    private static long nodeId;

    @InjectKeycloak
    KeycloakComponent keycloak;

    @Inject
    Pool pool;

    @BeforeEach
    void fleet() {
        if (nodeId == 0) {
            ProbeFleet fleet = new ProbeFleet(pool, CLUSTER);
            nodeId = fleet.node(NODE, NODE_GPUS);
            fleet.node(OTHER_NODE, List.of(OTHER_GPU));
            new ProbeFleet(pool, "node-scope-twin").node(NODE, List.of(TWIN_GPU));
        }
    }

    @Test
    void theNodesTokenWritesItsOwnGpus() {
        UUID run = UUID.randomUUID();

        post(nodeToken(), report(NODE, run, NODE_GPUS)).statusCode(201).body("nodeId", equalTo((int) nodeId))
                .body("gpus.deviceId", everyItem(notNullValue()));

        assertThat(health("GPU-scope-a0")).isEqualTo("HEALTHY");
    }

    @Test
    void aGpuOfAnotherNodeIsRefusedAndNothingOfTheRunIsStored() {
        UUID run = UUID.randomUUID();
        double refused = WorkerMetrics.value("telemetry_probe_runs_received_total", "outcome=\"forbidden\"");

        post(nodeToken(), report(NODE, run, List.of("GPU-scope-a1", OTHER_GPU))).statusCode(403)
                .contentType("application/problem+json").body("title", equalTo("Outside the token's node"))
                .body("detail", allOf(containsString("node " + NODE + " of cluster " + CLUSTER + " only"),
                        containsString("GPU " + OTHER_GPU), containsString("node " + OTHER_NODE)));

        assertThat(count("SELECT count(*) FROM probe_run WHERE run_id = $1", run)).isZero();
        assertThat(count("SELECT count(*) FROM probe_result WHERE gpu_uuid = $1", OTHER_GPU)).isZero();
        assertThat(health(OTHER_GPU)).isEqualTo("UNKNOWN");
        assertThat(WorkerMetrics.value("telemetry_probe_runs_received_total", "outcome=\"forbidden\""))
                .isEqualTo(refused + 1);
    }

    @Test
    void aGpuOfTheSameNodeNameInAnotherClusterIsRefused() {
        UUID run = UUID.randomUUID();

        post(nodeToken(), report(NODE, run, List.of(TWIN_GPU))).statusCode(403)
                .body("detail", allOf(containsString("GPU " + TWIN_GPU),
                        containsString("node " + NODE + " of cluster node-scope-twin")));

        assertThat(count("SELECT count(*) FROM probe_run WHERE run_id = $1", run)).isZero();
        assertThat(health(TWIN_GPU)).isEqualTo("UNKNOWN");
    }

    @Test
    void theRunIsLinkedToTheTokensNodeInTheTokensClusterThoughAnotherClusterHasItsName() {
        post(nodeToken(), report(NODE, UUID.randomUUID(), NODE_GPUS)).statusCode(201)
                .body("nodeId", equalTo((int) nodeId));
    }

    @Test
    void aReportFromAnotherNodesHostIsRefused() {
        UUID run = UUID.randomUUID();

        post(nodeToken(), report(OTHER_NODE, run, NODE_GPUS.subList(0, 1))).statusCode(403)
                .body("detail", containsString("from host " + OTHER_NODE + ", another node"));

        assertThat(count("SELECT count(*) FROM probe_run WHERE run_id = $1", run)).isZero();
    }

    @Test
    void aPodsHostnameAndGpusTheFleetDoesNotKnowYetCountAsTheTokensNode() {
        UUID run = UUID.randomUUID();

        post(nodeToken(), report("gpu-probe-job-7x2kq", run, List.of("GPU-scope-new"))).statusCode(201)
                .body("nodeId", equalTo((int) nodeId)).body("hostname", equalTo("gpu-probe-job-7x2kq"))
                .body("gpus[0].deviceId", nullValue());
    }

    @Test
    void theSharedProbeTokenNamesNoNodeAndIsRefused() {
        String shared = keycloak.clientCredentialsToken(KeycloakClients.GPU_PROBE, KeycloakClients.GPU_PROBE_SECRET);

        post(shared, report(NODE, UUID.randomUUID(), NODE_GPUS)).statusCode(403)
                .body("detail", containsString("no claim '" + KeycloakClients.TEST_PROBE_NODE_CLAIM + "'"));
    }

    private String nodeToken() {
        return keycloak.clientCredentialsToken(KeycloakClients.TEST_PROBE_NODE,
                KeycloakClients.testSecret(KeycloakClients.TEST_PROBE_NODE));
    }

    /** A passing report of the given host and GPUs. */
    static String report(String host, UUID run, List<String> gpus) {
        Map<String, Double> figures = new LinkedHashMap<>();
        gpus.forEach(gpu -> figures.put(gpu, 790.0));
        return ProbeReports.bf16(host, run, T0, figures);
    }

    static ValidatableResponse post(String token, String body) {
        return given().auth().oauth2(token).contentType(ContentType.JSON).body(body).post(ProbeRunResourceTest.PATH)
                .then();
    }

    private String health(String uuid) {
        return pool.preparedQuery("SELECT health FROM gpu_device WHERE uuid = $1").executeAndAwait(Tuple.of(uuid))
                .iterator().next().getString(0);
    }

    private long count(String sql, Object parameter) {
        return pool.preparedQuery(sql).executeAndAwait(Tuple.of(parameter)).iterator().next().getLong(0);
    }
}
