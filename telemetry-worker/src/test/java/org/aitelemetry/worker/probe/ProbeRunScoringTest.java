package org.aitelemetry.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.WorkerMetrics;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;
import org.aitelemetry.worker.health.RecordedVerdictChanges;
import org.aitelemetry.worker.health.VerdictChange;
import org.aitelemetry.worker.health.VerdictChange.Scope;
import org.junit.jupiter.api.Test;

/**
 * Scoring across runs against real PostgreSQL: a GPU slower than its siblings is DEGRADED only when it was slow in two
 * consecutive runs and HEALTHY again only after three clean runs in a row, the node takes its worst GPU's verdict, and
 * a {@link VerdictChange} is announced for exactly the verdicts that changed.
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class ProbeRunScoringTest {

    private static final String HOST = "sibling-node";
    private static final List<String> GPUS = List.of("GPU-sib-0", "GPU-sib-1", "GPU-sib-2", "GPU-sib-3");
    private static final Instant T0 = ProbeReports.YESTERDAY;

    @Inject
    Pool pool;

    @Inject
    RecordedVerdictChanges changes;

    @Test
    void aGpuSlowerThanItsSiblingsInTwoConsecutiveRunsIsDegraded() {
        new ProbeFleet(pool, "scoring").node(HOST, GPUS);
        double degradedChanges = WorkerMetrics.value("telemetry_gpu_verdict_changes_total", "verdict=\"DEGRADED\"");

        UUID first = post(T0, 650.0);
        assertThat(health("GPU-sib-3")).as("one slow run is not yet the GPU").isEqualTo("HEALTHY");
        UUID second = post(T0.plusSeconds(3600), 655.0);
        assertThat(health("GPU-sib-3")).isEqualTo("DEGRADED");
        assertThat(row("SELECT health_reason FROM gpu_device WHERE uuid = $1", "GPU-sib-3").getString(0))
                .isEqualTo("gemm_bf16 17% below its 3 siblings' median in 2 consecutive runs");
        Row node = row("SELECT health, health_reason FROM ai_node WHERE name = $1", HOST);
        assertThat(node.getString("health")).isEqualTo("DEGRADED");
        assertThat(node.getString("health_reason")).isEqualTo("DEGRADED: GPU 3 (GPU-sib-3)");
        ProbeRunResourceTest.post(ProbeReports.bf16(HOST, second, T0.plusSeconds(3600), figures(655.0)))
                .statusCode(200).body("verdict", equalTo("DEGRADED"));
        UUID third = post(T0.plusSeconds(7200), 789.0);
        assertThat(health("GPU-sib-3")).as("one clean run is not yet recovery").isEqualTo("DEGRADED");
        assertThat(row("SELECT health_reason FROM gpu_device WHERE uuid = $1", "GPU-sib-3").getString(0))
                .endsWith("recovering: 1 of 3 clean runs in a row needed to leave DEGRADED");
        post(T0.plusSeconds(3 * 3600), 789.0);
        UUID fifth = post(T0.plusSeconds(4 * 3600), 789.0);
        assertThat(health("GPU-sib-3")).as("back among its siblings after three clean runs").isEqualTo("HEALTHY");

        await().until(() -> !changes.of(fifth).isEmpty());
        assertThat(changes.of(third)).as("a recovering GPU keeps its verdict").isEmpty();
        assertThat(changes.of(first)).extracting(VerdictChange::scope, VerdictChange::gpuUuid, VerdictChange::previous,
                VerdictChange::current).containsExactlyInAnyOrder(
                        tuple(Scope.GPU, "GPU-sib-0", HealthVerdict.UNKNOWN, HealthVerdict.HEALTHY),
                        tuple(Scope.GPU, "GPU-sib-1", HealthVerdict.UNKNOWN, HealthVerdict.HEALTHY),
                        tuple(Scope.GPU, "GPU-sib-2", HealthVerdict.UNKNOWN, HealthVerdict.HEALTHY),
                        tuple(Scope.GPU, "GPU-sib-3", HealthVerdict.UNKNOWN, HealthVerdict.HEALTHY),
                        tuple(Scope.NODE, null, HealthVerdict.UNKNOWN, HealthVerdict.HEALTHY));
        assertThat(changes.of(second)).as("the replay announced nothing").extracting(VerdictChange::scope,
                VerdictChange::gpuUuid, VerdictChange::current).containsExactly(
                        tuple(Scope.GPU, "GPU-sib-3", HealthVerdict.DEGRADED),
                        tuple(Scope.NODE, null, HealthVerdict.DEGRADED));
        assertThat(changes.of(second).get(0).reasons())
                .containsExactly("gemm_bf16 17% below its 3 siblings' median in 2 consecutive runs");
        assertThat(changes.of(second).get(1)).extracting(VerdictChange::cluster, VerdictChange::node)
                .containsExactly("scoring", HOST);
        assertThat(changes.of(fifth)).extracting(VerdictChange::scope, VerdictChange::current).containsExactly(
                tuple(Scope.GPU, HealthVerdict.HEALTHY), tuple(Scope.NODE, HealthVerdict.HEALTHY));
        assertThat(WorkerMetrics.value("telemetry_gpu_verdict_changes_total", "verdict=\"DEGRADED\""))
                .isEqualTo(degradedChanges + 1);
    }

    @Test
    void aRunWithoutGpusIsNoGpuAndTouchesNoVerdict() {
        String report = ProbeReports.bf16("cpu-only", UUID.randomUUID(), T0, Map.of());
        ProbeRunResourceTest.post(report).statusCode(201).body("verdict", equalTo("NO_GPU"));
    }

    /** GPUs 0-2 at about 785 TFLOP/s, GPU 3 at {@code slowest}. */
    private static UUID post(Instant startedAt, double slowest) {
        UUID runId = UUID.randomUUID();
        ProbeRunResourceTest.post(ProbeReports.bf16(HOST, runId, startedAt, figures(slowest))).statusCode(201);
        return runId;
    }

    private static Map<String, Double> figures(double slowest) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put(GPUS.get(0), 790.0);
        figures.put(GPUS.get(1), 780.0);
        figures.put(GPUS.get(2), 785.0);
        figures.put(GPUS.get(3), slowest);
        return figures;
    }

    private String health(String uuid) {
        return row("SELECT health FROM gpu_device WHERE uuid = $1", uuid).getString(0);
    }

    private Row row(String sql, Object parameter) {
        return pool.preparedQuery(sql).executeAndAwait(Tuple.of(parameter)).iterator().next();
    }
}
