package org.aitelemetry.worker.probe;

import static org.aitelemetry.worker.ingest.IngestContract.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.aitelemetry.devkit.postgres.InjectPostgres;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.WorkerMetrics;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;
import org.aitelemetry.worker.ingest.UnsentBody;
import org.aitelemetry.worker.health.RecordedVerdictChanges;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Probe runs against real PostgreSQL with tokens from a mock OIDC provider: the probe's golden report is stored and
 * scored against fixture devices, a replay (sequential or concurrent) stores nothing twice, bad bodies get 400 with the
 * reason, and callers without the role probe-writer are refused.
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class ProbeRunResourceTest {

    static final String PATH = "/api/ingest/v1/probe-runs";
    private static final String GOLDEN_RUN = "0b6f1f38-3a53-4c1e-9f53-2d7c1a9e4b10";
    private static final String GOLDEN_GPU = "GPU-30ad6183-8b71-2bb3-ac89-5528898394ec";
    private static boolean seeded;

    @Inject
    Pool pool;

    @Inject
    RecordedVerdictChanges changes;

    @InjectPostgres
    PostgresComponent postgres;

    @BeforeEach
    void fleet() {
        if (!seeded) {
            new ProbeFleet(pool, "probe-ingest").node("node-\"7\"", List.of(GOLDEN_GPU));
            seeded = true;
        }
    }

    @Test
    void storesAndScoresTheProbesGoldenReport() {
        post(ProbeReports.golden()).statusCode(201).body("runId", equalTo(GOLDEN_RUN))
                .body("verdict", equalTo("DEGRADED")).body("gpus[0].verdict", equalTo("DEGRADED"));

        Row run = row("SELECT * FROM probe_run WHERE run_id = $1", UUID.fromString(GOLDEN_RUN));
        assertThat(run.getLong("node_id")).as("linked by hostname").isNotNull();
        assertThat(run.getString("hostname")).isEqualTo("node-\"7\"");
        assertThat(run.getValue("request_id")).isNull();
        assertThat(run.getInteger("exit_code")).isEqualTo(1);
        assertThat(run.getJsonObject("report").getJsonObject("cpu")).as("the report is kept").isNotNull();
        io.vertx.core.json.JsonObject reportedGpu = run.getJsonObject("report").getJsonArray("gpus").getJsonObject(0);
        assertThat(reportedGpu.getString("uuid")).as("the GPU's identity is kept").isEqualTo(GOLDEN_GPU);
        assertThat(reportedGpu.containsKey("tests")).as("its tests are stored once, in probe_result").isFalse();
        Row result = row("SELECT * FROM probe_result WHERE probe_run_id = $1", run.getLong("id"));
        assertThat(result.getLong("device_id")).isNotNull();
        assertThat(result.getArrayOfStrings("reasons")).containsExactly(
                "gemm_bf16 degraded: 88.2% of the baseline, below the 90% pass ratio",
                "nvml_ecc could not run (unknown): line1\nline2\t\"quoted\" \\ back \u0001 ctl é bad \ufffd");
        assertThat(result.getJsonArray("evidence")).extracting(item -> ((io.vertx.core.json.JsonObject) item)
                .getString("kind")).as("the ECC read error is no evidence against the GPU")
                .containsExactly("below_baseline", "probe_error");
        assertThat(result.getString("serial")).isEqualTo("1652123456789");
        assertThat(result.getString("product_name")).isEqualTo("NVIDIA H100 80GB HBM3");
        assertThat(result.getJsonObject("tests").getJsonObject("gemm_bf16").getDouble("value")).isEqualTo(700);
        assertThat(result.getJsonObject("figures").getMap()).as("the throughputs the fleet baseline reads")
                .containsOnlyKeys("gemm_bf16", "gemm_fp8").containsEntry("gemm_bf16", 700.0);
        Row device = row("SELECT * FROM gpu_device WHERE uuid = $1", GOLDEN_GPU);
        assertThat(device.getString("health")).isEqualTo("DEGRADED");
        assertThat(device.getString("health_reason")).startsWith("gemm_bf16 degraded: 88.2%");
        assertThat(device.getJsonArray("health_advice")).extracting(item -> ((io.vertx.core.json.JsonObject) item)
                .getString("action")).containsExactly("rerun", "watch");
        Row node = row("SELECT * FROM ai_node WHERE id = $1", run.getLong("node_id"));
        assertThat(node.getString("health")).isEqualTo("DEGRADED");
        assertThat(node.getString("health_reason")).isEqualTo("DEGRADED: GPU 0 (" + GOLDEN_GPU + ")");
    }

    @Test
    void aReplayAnswersTheStoredRunAndStoresNothingTwice() {
        UUID runId = UUID.randomUUID();
        String report = ProbeReports.bf16("replayed-host", runId, ProbeReports.YESTERDAY,
                java.util.Map.of("GPU-replay-0", 790.0, "GPU-replay-1", 780.0));
        double replays = WorkerMetrics.value("telemetry_probe_runs_received_total", "outcome=\"replayed\"");
        String first = post(report).statusCode(201).extract().asString();
        String second = post(report).statusCode(200).extract().asString();

        assertThat(second).isEqualTo(first);
        assertThat(count("SELECT count(*) FROM probe_result r JOIN probe_run p ON p.id = r.probe_run_id"
                + " WHERE p.run_id = $1", runId)).isEqualTo(2);
        assertThat(WorkerMetrics.value("telemetry_probe_runs_received_total", "outcome=\"replayed\""))
                .isEqualTo(replays + 1);
    }

    @Test
    void concurrentPostsOfOneRunStoreItOnce() throws Exception {
        UUID runId = UUID.randomUUID();
        String report = ProbeReports.bf16("concurrent-host", runId, ProbeReports.YESTERDAY,
                java.util.Map.of("GPU-race-0", 790.0, "GPU-race-1", 780.0, "GPU-race-2", 785.0));
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Integer>> posts = java.util.Collections.nCopies(8,
                    () -> post(report).extract().statusCode());
            List<Integer> statuses = threads.invokeAll(posts).stream().map(ProbeRunResourceTest::get).toList();
            assertThat(statuses).containsOnly(200, 201).filteredOn(status -> status == 201).hasSize(1);
        } finally {
            threads.shutdown();
        }
        assertThat(count("SELECT count(*) FROM probe_run WHERE run_id = $1", runId)).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM probe_result r JOIN probe_run p ON p.id = r.probe_run_id"
                + " WHERE p.run_id = $1", runId)).isEqualTo(3);
    }

    @Test
    void anUnknownHostIsStoredWithoutANodeAndARequestIdIsKeptOnlyWhenItExists() {
        String report = ProbeReports.golden().replace(GOLDEN_RUN, UUID.randomUUID().toString())
                .replace("\"request_id\": null", "\"request_id\": \"" + UUID.randomUUID() + "\"")
                .replace("node-\\\"7\\\"", "nowhere");
        post(report).statusCode(201).body("nodeId", equalTo(null)).body("hostname", equalTo("nowhere"));
    }

    @Test
    void refusesReportsThatCannotBeScoredWithAReason() {
        String golden = ProbeReports.golden();
        badRequest("", "empty body");
        badRequest("not json", "not valid JSON");
        badRequest("[]", "not a JSON object");
        badRequest(golden.replace("\"1.0\"", "\"2.0\""), "unsupported schema_version '2.0'");
        badRequest(golden.replace(GOLDEN_RUN, "run-7"), "run_id is not a UUID");
        badRequest(golden.replace("\"request_id\": null", "\"request_id\": 7"), "request_id is not a UUID");
        badRequest(golden.replace(ProbeReports.DAY + "T12:01:30.250Z", ProbeReports.DAY + "T11:00:00Z"), "is before started_at");
        badRequest(golden.replace(ProbeReports.DAY + "T12:00:00.000Z", "noon"), "started_at is not an RFC 3339 time");
        badRequest(golden.replace("\"hostname\": \"node-\\\"7\\\"\",", ""), "host.hostname");
        badRequest(golden.replace("\"gpus\": [", "\"gpus\": 7, \"old_gpus\": ["),
                "'gpus' must be an array");
        badRequest(golden.replace("\"uuid\": \"" + GOLDEN_GPU + "\",", ""), "gpus[0].uuid");
        badRequest(golden.replace("\"status\": \"waived\"", "\"status\": \"slow\""),
                "gpus[0].tests.gemm_fp8.status must be passed, degraded, failed, waived or error, not 'slow'");
        badRequest(golden.replace("\"value\": 700,", "\"value\": \"fast\","), "gpus[0].tests.gemm_bf16.value");
        badRequest(golden.replace("Linux 6.8.0", "Linux\\u0000"), "/host/kernel contains a NUL character");
    }

    @Test
    void refusesWrongContentTypeOversizedBodiesAndCallersWithoutTheRole() throws Exception {
        given().auth().oauth2(token(ProbeRunResource.PROBE_WRITER)).contentType(ContentType.TEXT).body("{}")
                .post(PATH).then().statusCode(415).body("detail", containsString("application/json"));
        assertThat(UnsentBody.post(PATH, token(ProbeRunResource.PROBE_WRITER), 5 * 1024 * 1024).statusLine())
                .startsWith("HTTP/1.1 413");
        given().contentType(ContentType.JSON).body("{}").post(PATH).then().statusCode(401);
        given().auth().oauth2(token("alerts-writer")).contentType(ContentType.JSON)
                .body(ProbeReports.golden()).post(PATH).then().statusCode(403);
    }

    @Test
    void aDatabaseOutageAnswers503AndTheRetryIsStored() throws Exception {
        String report = ProbeReports.golden().replace(GOLDEN_RUN, UUID.randomUUID().toString());
        postgres.stop();
        try {
            post(report).statusCode(503).header("Retry-After", "5").body("title", equalTo("Storage unavailable"));
        } finally {
            postgres.start();
        }
        await().atMost(java.time.Duration.ofSeconds(30)).until(() -> post(report).extract().statusCode() != 503);
        post(report).statusCode(200).body("gpus.uuid", hasItem(GOLDEN_GPU));
    }

    static ValidatableResponse post(String body) {
        return given().auth().oauth2(token(ProbeRunResource.PROBE_WRITER)).contentType(ContentType.JSON).body(body)
                .post(PATH).then();
    }

    private static void badRequest(String body, String reason) {
        post(body).statusCode(400).contentType("application/problem+json").body("detail", containsString(reason));
    }

    private static String token(String role) {
        return OidcWiremockTestResource.getAccessToken("gpu-probe", Set.of(role));
    }

    private Row row(String sql, Object parameter) {
        return pool.preparedQuery(sql).executeAndAwait(Tuple.of(parameter)).iterator().next();
    }

    private long count(String sql, Object parameter) {
        return row(sql, parameter).getLong(0);
    }

    private static <T> T get(Future<T> future) {
        try {
            return future.get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
