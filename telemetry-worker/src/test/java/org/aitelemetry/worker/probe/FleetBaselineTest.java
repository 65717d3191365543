package org.aitelemetry.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.WorkerMetrics;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;
import org.aitelemetry.worker.health.FleetBaselines;
import org.junit.jupiter.api.Test;

/**
 * Fleet-relative baselines against real PostgreSQL (acceptance.md 25): a SKU's HBM bandwidth has no static baseline,
 * so its GPUs are UNSCORED until the fleet figure forms; then a GPU 20 % below the fleet median in two runs is
 * DEGRADED, and its peers are HEALTHY.
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class FleetBaselineTest {

    private static final String TEST = "device_memory_bandwidth";
    private static final Instant NOW = Instant.now();

    @Inject
    Pool pool;

    @Inject
    FleetBaselines baselines;

    @Test
    void aGpuTwentyPercentBelowItsFleetInTwoRunsIsDegradedWithoutAStaticBaseline() {
        ProbeFleet fleet = new ProbeFleet(pool, "fleet-cluster");
        List<String> uuids = new ArrayList<>();
        for (int node = 0; node < 10; node++) {
            String uuid = "GPU-fleet-" + node;
            uuids.add(uuid);
            fleet.node("fleet-node-" + node, List.of(uuid));
            post("fleet-node-" + node, uuid, 2950 + 10 * node, NOW.minus(Duration.ofHours(6)));
        }
        assertThat(health(uuids.get(0))).as("no baseline of either kind yet").isEqualTo("UNSCORED");
        double recomputes = WorkerMetrics.value("telemetry_health_fleet_baseline_recompute_seconds_count", "");

        assertThat(baselines.recompute().await().atMost(Duration.ofSeconds(30))).isPositive();

        Row figure = pool.preparedQuery("SELECT * FROM fleet_baseline WHERE product_name = $1 AND test_key = $2")
                .executeAndAwait(Tuple.of("NVIDIA H100 80GB HBM3", TEST)).iterator().next();
        assertThat(figure.getDouble("median")).isEqualTo(2995.0);
        assertThat(figure.getDouble("mad")).isEqualTo(25.0);
        assertThat(figure.getInteger("samples")).isEqualTo(10);
        assertThat(WorkerMetrics.value("telemetry_health_fleet_baseline_recompute_seconds_count", ""))
                .isGreaterThan(recomputes);

        post("fleet-node-0", uuids.get(0), 2980, NOW.minus(Duration.ofHours(2)));
        post("fleet-node-9", uuids.get(9), 2396, NOW.minus(Duration.ofHours(2)));
        assertThat(health(uuids.get(9))).as("one slow run may be a neighbour").isEqualTo("HEALTHY");
        post("fleet-node-9", uuids.get(9), 2390, NOW.minus(Duration.ofHours(1)));

        assertThat(health(uuids.get(0))).as("scored by its fleet").isEqualTo("HEALTHY");
        assertThat(health(uuids.get(9))).isEqualTo("DEGRADED");
        assertThat(pool.preparedQuery("SELECT health_reason FROM gpu_device WHERE uuid = $1")
                .executeAndAwait(Tuple.of(uuids.get(9))).iterator().next().getString(0))
                .startsWith(TEST + " 20% below the fleet median of 10 NVIDIA H100 80GB HBM3 GPUs in 2 consecutive runs");
    }

    private static void post(String host, String uuid, double gbps, Instant at) {
        ProbeRun run = new ProbeRun(host, at);
        ProbeRun.test(run.gpu(uuid, "S-" + uuid), TEST, "waived", gbps).put("unit", "GB/s").putNull("baseline");
        ProbeRunResourceTest.post(run.json()).statusCode(201);
    }

    private String health(String uuid) {
        return pool.preparedQuery("SELECT health FROM gpu_device WHERE uuid = $1").executeAndAwait(Tuple.of(uuid))
                .iterator().next().getString(0);
    }
}
