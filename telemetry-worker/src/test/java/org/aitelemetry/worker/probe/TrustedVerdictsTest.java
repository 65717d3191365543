package org.aitelemetry.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;
import org.aitelemetry.worker.health.RerunRequests;
import org.junit.jupiter.api.Test;

/**
 * Verdicts you can trust, through the ingest endpoint against real PostgreSQL (acceptance.md 23, 24, 27): a probe
 * error without hardware evidence is INCONCLUSIVE and asks for a re-run, hard evidence fails at once and names itself,
 * a failure without it must repeat, recovery takes three clean runs, a board keeps its failures when it moves, and
 * a run's times must lie in the accepted window.
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class TrustedVerdictsTest {

    private static final Instant NOW = Instant.now();

    @Inject
    Pool pool;

    @Test
    void aProbeErrorWithoutHardwareEvidenceIsInconclusiveAndSchedulesOneReRun() {
        ProbeFleet fleet = new ProbeFleet(pool, "busy-cluster");
        fleet.node("busy-node", List.of("GPU-busy-0"));
        execute("INSERT INTO kube_actuator (cluster_name, worker, heartbeat_at) VALUES ('busy-cluster', 'w1', now())");
        post(healthy("busy-node", "GPU-busy-0", "S-busy", NOW.minusSeconds(7200)));

        for (int run = 0; run < 2; run++) {
            ProbeRun busy = new ProbeRun("busy-node", NOW.minusSeconds(3600 - run * 60L));
            ObjectNode tests = busy.gpu("GPU-busy-0", "S-busy");
            ProbeRun.gemm(tests, 790);
            ProbeRun.test(tests, "gemm_fp16", "error", null, "error_class", "resource", "error_code",
                    "CUDA_ERROR_OUT_OF_MEMORY");
            post(busy);
        }

        Row gpu = device("GPU-busy-0");
        assertThat(gpu.getString("health")).isEqualTo("INCONCLUSIVE");
        assertThat(kinds(gpu.getJsonArray("health_evidence"))).containsExactly("probe_error");
        assertThat(gpu.getJsonArray("health_advice").getJsonObject(0).getString("action")).isEqualTo("rerun");
        assertThat(row("SELECT health FROM ai_node WHERE name = 'busy-node'").getString(0)).isEqualTo("INCONCLUSIVE");
        Row rerun = row("SELECT count(*) AS n, bool_and(schedule_after > now()) AS later FROM health_check_request"
                + " WHERE node_name = 'busy-node' AND requested_by = '" + RerunRequests.REQUESTER + "'");
        assertThat(rerun.getLong("n")).as("one re-run while one is open").isEqualTo(1);
        assertThat(rerun.getBoolean("later")).as("after whatever held the GPU let go").isTrue();
    }

    @Test
    void noReRunIsRequestedForAClusterNoActuatorServes() {
        new ProbeFleet(pool, "unserved-cluster").node("unserved-node", List.of("GPU-unserved-0"));
        ProbeRun busy = new ProbeRun("unserved-node", NOW.minusSeconds(60));
        ProbeRun.test(busy.gpu("GPU-unserved-0", "S-unserved"), "gemm_bf16", "error", null, "error_class", "timeout");
        post(busy);

        assertThat(device("GPU-unserved-0").getString("health")).isEqualTo("INCONCLUSIVE");
        assertThat(row("SELECT count(*) FROM health_check_request WHERE node_name = 'unserved-node'").getLong(0))
                .isZero();
    }

    @Test
    void hardEvidenceFailsAtOnceAndRecoveryTakesThreeCleanRuns() {
        new ProbeFleet(pool, "xid-cluster").node("xid-node", List.of("GPU-xid-0"));
        ProbeRun xid = new ProbeRun("xid-node", NOW.minusSeconds(5 * 3600));
        ObjectNode tests = xid.gpu("GPU-xid-0", "S-xid");
        ProbeRun.gemm(tests, 790);
        ProbeRun.test(tests, "nvml_xid", "failed", 1.0, "xids", "79", "last_xid", "79");
        post(xid);

        Row failed = device("GPU-xid-0");
        assertThat(failed.getString("health")).isEqualTo("FAILED");
        assertThat(failed.getString("health_reason")).isEqualTo("XID 79: GPU has fallen off the bus");
        assertThat(failed.getJsonArray("health_advice").getJsonObject(0).getString("action"))
                .isEqualTo("drain_reboot");
        for (int run = 1; run <= 3; run++) {
            post(healthy("xid-node", "GPU-xid-0", "S-xid", NOW.minusSeconds((5 - run) * 3600L)));
            Row gpu = device("GPU-xid-0");
            assertThat(gpu.getString("health")).isEqualTo(run < 3 ? "FAILED" : "HEALTHY");
            assertThat(gpu.getInteger("health_clean_runs")).isEqualTo(run < 3 ? run : 0);
            if (run < 3) {
                assertThat(kinds(gpu.getJsonArray("health_evidence"))).containsExactly("hardware_xid", "recovering");
            }
        }
    }

    @Test
    void aFailureWithoutHardEvidenceMustRepeatToFail() {
        new ProbeFleet(pool, "slow-cluster").node("slow-node", List.of("GPU-slow-0"));
        ProbeRun once = new ProbeRun("slow-node", NOW.minusSeconds(7200));
        ProbeRun.gemm(once.gpu("GPU-slow-0", "S-slow"), 400);
        post(once);
        assertThat(device("GPU-slow-0").getString("health")).isEqualTo("DEGRADED");

        ProbeRun twice = new ProbeRun("slow-node", NOW.minusSeconds(3600));
        ProbeRun.gemm(twice.gpu("GPU-slow-0", "S-slow"), 410);
        post(twice);

        Row gpu = device("GPU-slow-0");
        assertThat(gpu.getString("health")).isEqualTo("FAILED");
        assertThat(kinds(gpu.getJsonArray("health_evidence"))).containsExactly("confirmed_failure");
    }

    @Test
    void aBoardThatFailsTwiceIn30DaysIsARepeatOffenderWhereverItMoved() {
        long nodeA = new ProbeFleet(pool, "rma-a").node("rma-node-a", List.of("GPU-rma-0"));
        post(ecc("rma-node-a", NOW.minus(Duration.ofDays(5))));
        for (int run = 1; run <= 3; run++) {
            post(healthy("rma-node-a", "GPU-rma-0", "S-rma", NOW.minus(Duration.ofDays(5)).plusSeconds(run * 3600L)));
        }
        assertThat(device("GPU-rma-0").getString("health")).isEqualTo("HEALTHY");
        long nodeB = new ProbeFleet(pool, "rma-b").node("rma-node-b", List.of());
        execute("UPDATE gpu_device SET node_id = " + nodeB + " WHERE uuid = 'GPU-rma-0'");

        post(ecc("rma-node-b", NOW.minusSeconds(60)));

        Row gpu = device("GPU-rma-0");
        assertThat(gpu.getString("health")).isEqualTo("FAILED");
        assertThat(kinds(gpu.getJsonArray("health_evidence"))).containsExactly("ecc_uncorrected", "repeat_offender");
        assertThat(gpu.getJsonArray("health_advice").getJsonObject(0).getString("action")).isEqualTo("rma");
        assertThat(row("SELECT array_agg(cluster || '/' || node ORDER BY failed_at) FROM gpu_failure"
                + " WHERE board = 'S-rma'").getArrayOfStrings(0)).containsExactly("rma-a/rma-node-a", "rma-b/rma-node-b");
        assertThat(nodeA).isNotEqualTo(nodeB);
    }

    @Test
    void aRunFromTheFutureOrFromLongAgoIsRefusedWithItsReason() {
        ProbeRun future = new ProbeRun("future-node", NOW.plus(Duration.ofHours(1)));
        ProbeRun.gemm(future.gpu("GPU-future-0", "S-future"), 790);
        ProbeRunResourceTest.post(future.json()).statusCode(400)
                .body("detail", containsString("is in the future: more than the allowed clock skew of 300 s"));
        ProbeRun old = new ProbeRun("old-node", NOW.minus(Duration.ofDays(30)));
        ProbeRun.gemm(old.gpu("GPU-old-0", "S-old"), 790);
        ProbeRunResourceTest.post(old.json()).statusCode(400)
                .body("detail", containsString("older than the 7-day window"));
        ProbeRun skewed = new ProbeRun("skew-node", NOW.plusSeconds(120));
        ProbeRun.gemm(skewed.gpu("GPU-skew-0", "S-skew"), 790);
        ProbeRunResourceTest.post(skewed.json()).statusCode(201);
    }

    @Test
    void aVerdictStoredWithAFutureTimeNeverBlocksNewerRuns() {
        new ProbeFleet(pool, "pinned-cluster").node("pinned-node", List.of("GPU-pinned-0"));
        execute("UPDATE gpu_device SET health = 'FAILED', health_at = '9999-12-31T00:00:00Z' WHERE uuid = 'GPU-pinned-0'");
        execute("UPDATE ai_node SET health = 'FAILED', health_at = '9999-12-31T00:00:00Z' WHERE name = 'pinned-node'");

        ProbeRun xid = new ProbeRun("pinned-node", NOW.minusSeconds(60));
        ProbeRun.test(xid.gpu("GPU-pinned-0", "S-pinned"), "nvml_ecc", "failed", 2.0, "volatile_uncorrected", "2");
        post(xid);

        Row gpu = device("GPU-pinned-0");
        assertThat(gpu.getOffsetDateTime("health_at").toInstant()).isBefore(NOW);
        assertThat(kinds(gpu.getJsonArray("health_evidence"))).contains("ecc_uncorrected");
        assertThat(row("SELECT health_at < now() FROM ai_node WHERE name = 'pinned-node'").getBoolean(0)).isTrue();
    }

    @Test
    void runsOfOneNodePostedAtOnceAreAllStoredWithoutDeadlock() throws Exception {
        new ProbeFleet(pool, "together-cluster").node("together-node", List.of("GPU-together-0", "GPU-together-1"));
        List<ProbeRun> runs = new ArrayList<>();
        for (int run = 0; run < 8; run++) {
            ProbeRun both = new ProbeRun("together-node", NOW.minusSeconds(600 - run));
            ProbeRun.gemm(both.gpu("GPU-together-0", "S-together-0"), 790);
            ProbeRun.gemm(both.gpu("GPU-together-1", "S-together-1"), 790);
            runs.add(both);
        }
        ExecutorService posters = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (ProbeRun run : runs) {
                answers.add(posters.submit(() -> ProbeRunResourceTest.post(run.json()).extract().statusCode()));
            }
            for (Future<Integer> answer : answers) {
                assertThat(answer.get()).as("no 503 from a deadlock between runs of one node").isEqualTo(201);
            }
        } finally {
            posters.shutdown();
        }
        assertThat(row("SELECT count(*) FROM probe_run p JOIN ai_node n ON n.id = p.node_id"
                + " WHERE n.name = 'together-node'").getLong(0)).isEqualTo(8);
    }

    private static ProbeRun healthy(String host, String uuid, String serial, Instant at) {
        ProbeRun run = new ProbeRun(host, at);
        ObjectNode tests = run.gpu(uuid, serial);
        ProbeRun.gemm(tests, 790);
        ProbeRun.test(tests, "nvml_ecc", "passed", 0.0, "volatile_uncorrected", "0");
        return run;
    }

    private static ProbeRun ecc(String host, Instant at) {
        ProbeRun run = new ProbeRun(host, at);
        ObjectNode tests = run.gpu("GPU-rma-0", "S-rma");
        ProbeRun.gemm(tests, 790);
        ProbeRun.test(tests, "nvml_ecc", "failed", 3.0, "volatile_uncorrected", "3");
        return run;
    }

    private static void post(ProbeRun run) {
        ProbeRunResourceTest.post(run.json()).statusCode(201);
    }

    private static List<String> kinds(JsonArray evidence) {
        return evidence.stream().map(item -> ((JsonObject) item).getString("kind")).toList();
    }

    private Row device(String uuid) {
        return pool.preparedQuery("SELECT * FROM gpu_device WHERE uuid = $1").executeAndAwait(Tuple.of(uuid))
                .iterator().next();
    }

    private Row row(String sql) {
        return pool.query(sql).executeAndAwait().iterator().next();
    }

    private void execute(String sql) {
        pool.query(sql).executeAndAwait();
    }
}
