package org.aitelemetry.model.health;

import static org.aitelemetry.model.ConstraintAssertions.assertRejectedBy;
import static org.aitelemetry.model.Transactions.inSession;
import static org.aitelemetry.model.Transactions.inTransaction;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.ModelGraph;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, initArgs = @ResourceArg(name = PostgresTestResource.MIGRATE, value = "true"))
class HealthEntitiesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant STARTED = Instant.parse("2026-11-21T02:00:00Z");

    @Test
    void requestRunAndResultsRoundTripWithNodeAndDevice() throws Throwable {
        ModelGraph graph = ModelGraph.create();
        HealthCheckRequest request = request(graph);
        ProbeRun run = run(graph, request);
        inTransaction(() -> graph.persist().chain(request::persist).chain(run::persist));
        HealthCheckRequest storedRequest = inSession(() -> HealthCheckRequest.<HealthCheckRequest>find("""
                select r from HealthCheckRequest r join fetch r.cluster left join fetch r.runs where r.id = ?1""",
                request.id).firstResult());
        assertThat(storedRequest.targetKind).isEqualTo(HealthCheckTarget.JOB);
        assertThat(storedRequest.podNames).containsExactly("trainer-0", "trainer-1");
        assertThat(storedRequest.state).isEqualTo(HealthCheckState.PENDING);
        assertThat(storedRequest.cluster.name).isEqualTo(graph.cluster().name);
        assertThat(storedRequest.runs).extracting(r -> r.runId).containsExactly(run.runId);
        ProbeRun storedRun = inSession(() -> ProbeRun.<ProbeRun>find("""
                select r from ProbeRun r join fetch r.node left join fetch r.results res left join fetch res.device
                where r.runId = ?1""", run.runId).firstResult());
        assertThat(storedRun.verdict).isEqualTo(ProbeVerdict.DEGRADED);
        assertThat(storedRun.node.name).isEqualTo(graph.node().name);
        assertThat(storedRun.report.path("schema_version").asText()).isEqualTo("1");
        assertThat(storedRun.results).singleElement().satisfies(result -> {
            assertThat(result.verdict).isEqualTo(HealthVerdict.DEGRADED);
            assertThat(result.reasons).containsExactly("gemm_bf16 at 0.81 of baseline");
            assertThat(result.tests.path("gemm_bf16").path("value_tflops").asDouble()).isEqualTo(643.2);
            assertThat(result.device.uuid).isEqualTo(graph.device().uuid);
        });
    }

    @Test
    void runIdIsUniqueSoARepostIsNotStoredTwice() throws Throwable {
        ModelGraph graph = ModelGraph.create();
        ProbeRun run = run(graph, null);
        inTransaction(() -> graph.persist().chain(run::persist));
        assertRejectedBy("probe_run_run_id_uk", () -> {
            ProbeRun again = run(graph, null);
            again.runId = run.runId;
            return again.persistAndFlush();
        });
    }

    @Test
    void requestMustNameItsTarget() throws Throwable {
        ModelGraph graph = ModelGraph.create();
        inTransaction(graph::persist);
        assertRejectedBy("health_check_request_target", () -> {
            HealthCheckRequest nodeless = request(graph);
            nodeless.targetKind = HealthCheckTarget.NODE;
            return nodeless.persistAndFlush();
        });
    }

    private static HealthCheckRequest request(ModelGraph graph) {
        HealthCheckRequest request = new HealthCheckRequest();
        request.id = UUID.randomUUID();
        request.requestedBy = "alice";
        request.cluster = graph.cluster();
        request.targetKind = HealthCheckTarget.JOB;
        request.namespace = graph.project().namespace;
        request.podNames = List.of("trainer-0", "trainer-1");
        return request;
    }

    private static ProbeRun run(ModelGraph graph, HealthCheckRequest request) {
        ProbeRun run = new ProbeRun();
        run.runId = UUID.randomUUID();
        run.node = graph.node();
        run.hostname = graph.node().name;
        run.request = request;
        run.schemaVersion = "1";
        run.startedAt = STARTED;
        run.finishedAt = STARTED.plusSeconds(42);
        run.exitCode = 1;
        run.verdict = ProbeVerdict.DEGRADED;
        run.report = JSON.createObjectNode().put("schema_version", "1").put("run_id", run.runId.toString());
        ProbeResult result = new ProbeResult();
        result.gpuUuid = graph.device().uuid;
        result.device = graph.device();
        result.verdict = HealthVerdict.DEGRADED;
        result.reasons = List.of("gemm_bf16 at 0.81 of baseline");
        ObjectNode tests = JSON.createObjectNode();
        tests.putObject("gemm_bf16").put("status", "degraded").put("value_tflops", 643.2).put("baseline_tflops", 794.0);
        result.tests = tests;
        run.addResult(result);
        return run;
    }
}
