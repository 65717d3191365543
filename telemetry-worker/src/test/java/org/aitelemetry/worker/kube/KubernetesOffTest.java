package org.aitelemetry.worker.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.VerdictChange;
import org.junit.jupiter.api.Test;

/**
 * With the default configuration (telemetry.kubernetes.enabled=false) nothing reaches the API server: not the start,
 * not a node verdict change, not the scheduled rounds, though a cluster is reachable and has work waiting.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithKubernetesTestServer
class KubernetesOffTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @KubernetesTestServer
    KubernetesServer server;

    @Inject
    Pool pool;

    @Inject
    NodeSignalJob signal;

    @Inject
    CheckScheduler scheduler;

    @Inject
    CheckTracker tracker;

    @Inject
    IdleCheckPolicy idle;

    @Test
    void noRequestReachesTheApiServer() {
        KubeFleet fleet = new KubeFleet(pool);
        fleet.node("default", "gpu-off", 1, 0, "FAILED");
        fleet.nodeRequest("default", "gpu-off");

        // The consumer itself, not the bus: other consumers share the address.
        signal.onChange(new VerdictChange(VerdictChange.Scope.NODE, "default", "gpu-off",
                null, HealthVerdict.HEALTHY, HealthVerdict.FAILED, List.of("ecc"), UUID.randomUUID(), Instant.now()))
                .await().atMost(WAIT);
        signal.scheduledReconcile().await().atMost(WAIT);
        scheduler.run().await().atMost(WAIT);
        tracker.run().await().atMost(WAIT);
        idle.run().await().atMost(WAIT);

        assertThat(server.getKubernetesMockServer().getRequestCount()).isZero();
        assertThat(fleet.count("SELECT count(*) FROM health_check_request WHERE state = 'PENDING'",
                Tuple.tuple())).isEqualTo(1);
    }
}
