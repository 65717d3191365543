package org.aitelemetry.worker.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.vertx.mutiny.core.eventbus.EventBus;
import io.vertx.mutiny.core.eventbus.MessageConsumer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.WorkerMetrics;
import org.aitelemetry.worker.health.VerdictChange;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.junit.jupiter.api.Test;

/**
 * Scenario 26 against real PostgreSQL and the fabric8 mock API server (CRUD, the stand-in): every GPU node of a
 * 20-node cluster reports FAILED at once; the limit (10 %, 5 per hour) lets 2 be tainted and holds 18 back with the
 * reason, every verdict change still goes out on the bus, and when a tainted node recovers the reconcile taints the
 * node held first.
 */
@QuarkusTest
@TestProfile(TwoClustersProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithKubernetesTestServer(crud = true)
class BlastRadiusTest {

    private static final String TAINT = "aitelemetry.org/gpu-unhealthy";
    private static final String CLUSTER = TwoClustersProfile.WEST;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @KubernetesTestServer
    KubernetesServer server;

    @Inject
    EventBus bus;

    @Inject
    Pool pool;

    @Inject
    NodeSignalJob signal;

    @Inject
    TaintGauges gauges;

    @Test
    void aFleetWideEventTaintsAtMostTheShareAndHoldsTheRestBack() {
        KubernetesClient kube = server.getClient();
        KubeFleet fleet = new KubeFleet(pool);
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            String name = TwoClustersTest.name();
            kube.nodes().resource(TwoClustersTest.node(name)).create();
            fleet.node(CLUSTER, name, 8, 0, "FAILED");
            nodes.add(name);
        }
        Set<String> published = ConcurrentHashMap.newKeySet();
        MessageConsumer<VerdictChange> listener = bus.<VerdictChange>consumer(PipelineAddresses.VERDICT_CHANGED)
                .handler(message -> published.add(message.body().node()));

        nodes.forEach(node -> bus.publish(PipelineAddresses.VERDICT_CHANGED, new VerdictChange(VerdictChange.Scope.NODE,
                CLUSTER, node, null, HealthVerdict.HEALTHY, HealthVerdict.FAILED, List.of("xid 79: GPU fallen off the bus"),
                UUID.randomUUID(), Instant.now())));
        await().atMost(WAIT).until(() -> states("TAINTED") + states("HELD") == 20);
        listener.unregisterAndAwait();

        assertThat(published).as("every verdict change still goes out").containsAll(nodes);
        assertThat(states("TAINTED")).isEqualTo(2);
        assertThat(states("HELD")).isEqualTo(18);
        assertThat(nodes.stream().filter(node -> tainted(kube, node))).hasSize(2);
        assertThat(fleet.count("""
                SELECT count(*) FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id WHERE c.name = $1
                AND n.taint_state = 'HELD' AND n.taint_reason LIKE 'taint held back by the blast-radius limit: '
                || '2 of 2_ GPU nodes already tainted, max-share 10 % allows 2'""", Tuple.of(CLUSTER))).isEqualTo(18);
        String held = nodes.stream().filter(node -> !tainted(kube, node)).findFirst().orElseThrow();
        await().atMost(WAIT).until(() -> condition(kube, held) != null);
        assertThat(condition(kube, held).getStatus()).as("the condition is informational").isEqualTo("False");
        assertThat(condition(kube, held).getMessage()).contains("held back");
        gauges.refresh().await().atMost(WAIT);
        assertThat(WorkerMetrics.value("telemetry_kubernetes_nodes_taint", "cluster=\"" + CLUSTER
                + "\",state=\"HELD\"")).as("held taints are a metric to alert on").isEqualTo(18);
        assertThat(WorkerMetrics.value("telemetry_kubernetes_nodes_taint", "cluster=\"" + CLUSTER
                + "\",state=\"TAINTED\"")).isEqualTo(2);

        String recovered = nodes.stream().filter(node -> tainted(kube, node)).findFirst().orElseThrow();
        String firstHeld = pool.preparedQuery("""
                SELECT n.name FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id WHERE c.name = $1
                AND n.taint_state = 'HELD' ORDER BY n.taint_changed_at, n.name LIMIT 1""").execute(Tuple.of(CLUSTER))
                .await().atMost(WAIT).iterator().next().getString("name");
        pool.preparedQuery("UPDATE ai_node SET health = 'HEALTHY' WHERE name = $1").execute(Tuple.of(recovered))
                .await().atMost(WAIT);

        signal.reconcile().await().atMost(WAIT);

        assertThat(tainted(kube, recovered)).isFalse();
        assertThat(tainted(kube, firstHeld)).as("held taints are applied in the order they were held").isTrue();
        assertThat(states("TAINTED")).isEqualTo(2);
        assertThat(states("HELD")).isEqualTo(17);
    }

    private long states(String state) {
        return new KubeFleet(pool).count("""
                SELECT count(*) FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
                WHERE c.name = $1 AND n.taint_state = $2""", Tuple.of(CLUSTER, state));
    }

    private static boolean tainted(KubernetesClient kube, String node) {
        Node found = kube.nodes().withName(node).get();
        return found.getSpec() != null && found.getSpec().getTaints() != null
                && found.getSpec().getTaints().stream().anyMatch(t -> TAINT.equals(t.getKey()));
    }

    private static NodeCondition condition(KubernetesClient kube, String node) {
        Node found = kube.nodes().withName(node).get();
        return found.getStatus() == null || found.getStatus().getConditions() == null ? null
                : found.getStatus().getConditions().stream().filter(c -> c.getType().equals("GpuHealthy")).findFirst()
                        .orElse(null);
    }
}
