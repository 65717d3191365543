package org.aitelemetry.worker.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.vertx.mutiny.core.eventbus.EventBus;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.model.fleet.TaintState;
import org.aitelemetry.worker.health.VerdictChange;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.junit.jupiter.api.Test;

/**
 * The node signal against the fabric8 mock API server (CRUD): a FAILED node verdict sets the condition False and the
 * taint, HEALTHY sets it True and removes the taint, other taints and conditions stay, repeats change nothing, other
 * clusters and GPU verdicts are ignored, INCONCLUSIVE writes nothing at all, and the reconcile applies the verdicts
 * stored in ai_node.
 */
@QuarkusTest
@TestProfile(KubeProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithKubernetesTestServer(crud = true)
class NodeSignalTest {

    private static final String TAINT = "aitelemetry.org/gpu-unhealthy";

    @KubernetesTestServer
    KubernetesServer server;

    @Inject
    EventBus bus;

    @Inject
    NodeSignal signal;

    @Inject
    NodeSignalJob job;

    @Inject
    Pool pool;

    @Inject
    KubeClusters clusters;

    @Test
    void failedThenHealthyVerdictSetsAndClearsConditionAndTaintKeepingTheRest() {
        KubernetesClient kube = server.getClient();
        String name = node(kube);
        new KubeFleet(pool).node(KubeProfile.CLUSTER, name, 8, 0, "FAILED");

        bus.publish(PipelineAddresses.VERDICT_CHANGED, change(VerdictChange.Scope.NODE, KubeProfile.CLUSTER, name,
                HealthVerdict.FAILED));
        await().atMost(Duration.ofSeconds(30)).until(() -> ours(kube, name).size() == 1);
        Node failed = kube.nodes().withName(name).get();
        NodeCondition condition = condition(failed, "GpuHealthy");
        assertThat(condition.getStatus()).isEqualTo("False");
        assertThat(condition.getReason()).isEqualTo("GpuVerdictFailed");
        assertThat(condition.getMessage()).isEqualTo("gemm_bf16 below baseline");
        assertThat(condition.getLastTransitionTime()).isNotBlank();
        assertThat(ours(kube, name).get(0).getEffect()).isEqualTo("NoSchedule");
        assertThat(failed.getSpec().getTaints()).extracting(Taint::getKey).contains("dedicated");
        assertThat(condition(failed, "Ready").getStatus()).isEqualTo("True");

        bus.publish(PipelineAddresses.VERDICT_CHANGED, change(VerdictChange.Scope.NODE, KubeProfile.CLUSTER, name,
                HealthVerdict.HEALTHY));
        await().atMost(Duration.ofSeconds(30)).until(() -> ours(kube, name).isEmpty());
        Node healthy = kube.nodes().withName(name).get();
        assertThat(condition(healthy, "GpuHealthy").getStatus()).isEqualTo("True");
        assertThat(healthy.getSpec().getTaints()).extracting(Taint::getKey).containsExactly("dedicated");
        assertThat(condition(healthy, "Ready").getStatus()).isEqualTo("True");
        await().atMost(Duration.ofSeconds(30)).until(() -> "NONE".equals(taintState(name)));
    }

    /** Scenario 23: an INCONCLUSIVE verdict is no evidence either way and writes nothing to the Node. */
    @Test
    void anInconclusiveVerdictChangesNothingOnTheNode() {
        KubernetesClient kube = server.getClient();
        String name = node(kube);
        new KubeFleet(pool).node(KubeProfile.CLUSTER, name, 8, 0, "FAILED");
        job.onChange(change(VerdictChange.Scope.NODE, KubeProfile.CLUSTER, name, HealthVerdict.FAILED))
                .await().atMost(Duration.ofSeconds(30));
        Node before = kube.nodes().withName(name).get();
        int requests = server.getKubernetesMockServer().getRequestCount();

        job.onChange(change(VerdictChange.Scope.NODE, KubeProfile.CLUSTER, name, HealthVerdict.INCONCLUSIVE))
                .await().atMost(Duration.ofSeconds(30));

        assertThat(server.getKubernetesMockServer().getRequestCount()).as("not even a read").isEqualTo(requests);
        Node after = kube.nodes().withName(name).get();
        assertThat(after.getSpec().getTaints()).isEqualTo(before.getSpec().getTaints());
        assertThat(condition(after, "GpuHealthy")).isEqualTo(condition(before, "GpuHealthy"));
        assertThat(taintState(name)).isEqualTo("TAINTED");
    }

    @Test
    void repeatedFailuresLeaveOneTaintAndTheFirstTransitionTime() {
        KubernetesClient kube = server.getClient();
        String name = node(kube);
        apply(name, HealthVerdict.FAILED, "ecc");
        String since = condition(kube.nodes().withName(name).get(), "GpuHealthy").getLastTransitionTime();

        apply(name, HealthVerdict.FAILED, "ecc");
        apply(name, HealthVerdict.FAILED, "ecc and xid 79");

        Node node = kube.nodes().withName(name).get();
        assertThat(ours(kube, name)).hasSize(1);
        assertThat(node.getStatus().getConditions()).filteredOn(c -> c.getType().equals("GpuHealthy")).hasSize(1);
        assertThat(condition(node, "GpuHealthy").getLastTransitionTime()).isEqualTo(since);
        assertThat(condition(node, "GpuHealthy").getMessage()).isEqualTo("ecc and xid 79");
    }

    @Test
    void otherClustersAndGpuVerdictsAreIgnored() {
        KubernetesClient kube = server.getClient();
        String name = node(kube);
        bus.publish(PipelineAddresses.VERDICT_CHANGED, change(VerdictChange.Scope.NODE, "elsewhere", name,
                HealthVerdict.FAILED));
        bus.publish(PipelineAddresses.VERDICT_CHANGED, change(VerdictChange.Scope.GPU, KubeProfile.CLUSTER, name,
                HealthVerdict.FAILED));
        // A third change for a node that counts: once it is applied, the two before it have been handled.
        String marker = node(kube);
        new KubeFleet(pool).node(KubeProfile.CLUSTER, marker, 8, 0, "FAILED");
        bus.publish(PipelineAddresses.VERDICT_CHANGED, change(VerdictChange.Scope.NODE, KubeProfile.CLUSTER, marker,
                HealthVerdict.FAILED));
        await().atMost(Duration.ofSeconds(30)).until(() -> ours(kube, marker).size() == 1);

        assertThat(ours(kube, name)).isEmpty();
        assertThat(condition(kube.nodes().withName(name).get(), "GpuHealthy")).isNull();
    }

    @Test
    void reconcileAppliesTheVerdictsStoredForTheClustersNodes() {
        KubernetesClient kube = server.getClient();
        String failed = node(kube);
        String healthy = node(kube);
        String foreign = node(kube);
        apply(healthy, HealthVerdict.FAILED, "stale");
        KubeFleet fleet = new KubeFleet(pool);
        fleet.node(KubeProfile.CLUSTER, failed, 1, 0, "FAILED");
        fleet.node(KubeProfile.CLUSTER, healthy, 1, 0, "HEALTHY");
        fleet.node("other-cluster", foreign, 1, 0, "FAILED");

        job.reconcile().await().atMost(Duration.ofSeconds(30));

        assertThat(ours(kube, failed)).hasSize(1);
        assertThat(condition(kube.nodes().withName(failed).get(), "GpuHealthy").getMessage())
                .isEqualTo("probe says FAILED");
        assertThat(ours(kube, healthy)).isEmpty();
        assertThat(condition(kube.nodes().withName(healthy).get(), "GpuHealthy").getStatus()).isEqualTo("True");
        assertThat(ours(kube, foreign)).isEmpty();
    }

    private void apply(String node, HealthVerdict verdict, String reason) {
        signal.apply(clusters.named(KubeProfile.CLUSTER).orElseThrow(), node, verdict, reason,
                new TaintLimit.Decision(verdict == HealthVerdict.FAILED ? TaintState.TAINTED : TaintState.NONE, null))
                .await().atMost(Duration.ofSeconds(30));
    }

    private String taintState(String node) {
        return pool.preparedQuery("SELECT taint_state FROM ai_node WHERE name = $1").execute(Tuple.of(node))
                .await().atMost(Duration.ofSeconds(30)).iterator().next().getString(0);
    }

    private static String node(KubernetesClient kube) {
        String name = "gpu-" + UUID.randomUUID().toString().substring(0, 8);
        kube.nodes().resource(new NodeBuilder().withNewMetadata().withName(name).endMetadata()
                .withNewSpec().addNewTaint().withKey("dedicated").withValue("research").withEffect("NoExecute")
                .endTaint().endSpec()
                .withNewStatus().addNewCondition().withType("Ready").withStatus("True").endCondition().endStatus()
                .build()).create();
        return name;
    }

    private static List<Taint> ours(KubernetesClient kube, String name) {
        List<Taint> taints = kube.nodes().withName(name).get().getSpec().getTaints();
        return taints == null ? List.of() : taints.stream().filter(t -> TAINT.equals(t.getKey())).toList();
    }

    private static NodeCondition condition(Node node, String type) {
        return node.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst()
                .orElse(null);
    }

    private static VerdictChange change(VerdictChange.Scope scope, String cluster, String node, HealthVerdict now) {
        return new VerdictChange(scope, cluster, node, scope == VerdictChange.Scope.GPU ? "GPU-1" : null,
                HealthVerdict.UNKNOWN, now, List.of("gemm_bf16 below baseline"), UUID.randomUUID(), Instant.now());
    }
}
