package org.aitelemetry.worker.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
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
 * One worker, two clusters on two API servers at once (both the fabric8 mock in CRUD mode, the stand-in): each Job and
 * each node condition or taint lands on its own cluster's server, the worker records a heartbeat per cluster, and a
 * PENDING request of a cluster no actuator serves fails after the grace period instead of waiting forever; a dry-run
 * cluster records what would be tainted and writes nothing.
 */
@QuarkusTest
@TestProfile(TwoClustersProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithKubernetesTestServer(crud = true)
class TwoClustersTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String EAST = SecondApiServer.CLUSTER;

    @KubernetesTestServer
    KubernetesServer west;

    @SecondApiServer.Server
    KubernetesMockServer east;

    @Inject
    Pool pool;

    @Inject
    CheckScheduler scheduler;

    @Inject
    NodeSignalJob signal;

    @Inject
    ActuatorHeartbeat heartbeat;

    @Test
    void eachRequestsJobLandsOnItsOwnClustersApiServer() throws InterruptedException {
        KubeFleet fleet = new KubeFleet(pool);
        String westNode = name();
        String eastNode = name();
        fleet.node(TwoClustersProfile.WEST, westNode, 2, 0, "HEALTHY");
        fleet.node(EAST, eastNode, 2, 0, "HEALTHY");
        UUID westRequest = fleet.nodeRequest(TwoClustersProfile.WEST, westNode);
        UUID eastRequest = fleet.nodeRequest(EAST, eastNode);

        assertThat(scheduler.scheduleDue().await().atMost(WAIT)).contains(westRequest, eastRequest);
        assertThat(east.getLastRequest().getPath()).isEqualTo("/apis/batch/v1/namespaces/east-probes/jobs");
        assertThat(east.getLastRequest().getHeader("Authorization")).as("the token from the cluster's token file")
                .isEqualTo("Bearer " + SecondApiServer.TOKEN);

        assertThat(jobs(west.getClient(), "west-probes", westRequest)).extracting(ProbeJobs::node)
                .containsExactly(westNode);
        assertThat(jobs(east.createClient(), "east-probes", eastRequest)).extracting(ProbeJobs::node)
                .containsExactly(eastNode);
        assertThat(jobs(west.getClient(), "west-probes", eastRequest)).isEmpty();
        assertThat(jobs(east.createClient(), "east-probes", westRequest)).isEmpty();
    }

    @Test
    void aVerdictTaintsTheNodeOfItsOwnClusterOnly() {
        String shared = name();
        KubernetesClient westClient = west.getClient();
        KubernetesClient eastClient = east.createClient();
        westClient.nodes().resource(node(shared)).create();
        eastClient.nodes().resource(node(shared)).create();
        new KubeFleet(pool).node(EAST, shared, 8, 0, "FAILED");

        signal.onChange(new VerdictChange(VerdictChange.Scope.NODE, EAST, shared, null, HealthVerdict.HEALTHY,
                HealthVerdict.FAILED, List.of("xid 79"), UUID.randomUUID(), Instant.now())).await().atMost(WAIT);

        Node eastNode = eastClient.nodes().withName(shared).get();
        assertThat(eastNode.getSpec().getTaints()).extracting(t -> t.getKey())
                .containsExactly("aitelemetry.org/gpu-unhealthy");
        assertThat(eastNode.getStatus().getConditions()).anyMatch(c -> c.getType().equals("GpuHealthy")
                && c.getStatus().equals("False"));
        Node westNode = westClient.nodes().withName(shared).get();
        assertThat(westNode.getSpec() == null ? null : westNode.getSpec().getTaints()).isNullOrEmpty();
        assertThat(westNode.getStatus()).isNull();
    }

    @Test
    void aDryRunClusterRecordsWhatWouldBeTaintedAndWritesNothingToTheNode() {
        String node = name();
        east.createClient().nodes().resource(node(node)).create();
        KubeFleet fleet = new KubeFleet(pool);
        fleet.node(SecondApiServer.DRY_RUN, node, 8, 0, "FAILED");
        int requests = east.getRequestCount();

        signal.onChange(new VerdictChange(VerdictChange.Scope.NODE, SecondApiServer.DRY_RUN, node, null,
                HealthVerdict.HEALTHY, HealthVerdict.FAILED, List.of("xid 79"), UUID.randomUUID(), Instant.now()))
                .await().atMost(WAIT);
        heartbeat.beat().await().atMost(WAIT);

        assertThat(east.getRequestCount()).as("nothing read or written on the API server").isEqualTo(requests);
        assertThat(fleet.count("SELECT count(*) FROM ai_node WHERE name = $1 AND taint_state = 'DRY_RUN'"
                + " AND taint_reason LIKE '%would be tainted%'", Tuple.of(node))).isEqualTo(1);
        assertThat(fleet.count("SELECT count(*) FROM kube_actuator WHERE cluster_name = $1 AND dry_run",
                Tuple.of(SecondApiServer.DRY_RUN))).isEqualTo(1);
    }

    @Test
    void theWorkerBeatsForEachClusterAndRequestsNoActuatorServesFailAfterTheGrace() {
        KubeFleet fleet = new KubeFleet(pool);
        UUID orphan = fleet.nodeRequest("nowhere", "gpu-x");
        UUID fresh = fleet.nodeRequest("nowhere", "gpu-y");
        UUID served = fleet.nodeRequest(EAST, "gpu-z");
        fleet.count("""
                WITH aged AS (UPDATE health_check_request SET created_at = now() - interval '20 minutes'
                  WHERE id IN ($1, $2) RETURNING 1) SELECT count(*) FROM aged""", Tuple.of(orphan, served));

        heartbeat.beat().await().atMost(WAIT);
        List<UUID> failed = scheduler.failUnserved().await().atMost(WAIT);

        assertThat(fleet.count("""
                SELECT count(*) FROM kube_actuator WHERE cluster_name IN ('west', 'east') AND NOT dry_run
                AND heartbeat_at > now() - interval '1 minute'""", Tuple.tuple())).isEqualTo(2);
        assertThat(failed).contains(orphan).doesNotContain(fresh, served);
        assertThat(fleet.request(orphan).getString("state")).isEqualTo("FAILED");
        assertThat(fleet.request(orphan).getString("state_reason"))
                .isEqualTo("no worker acts on the Kubernetes API of cluster nowhere (no kube_actuator heartbeat in the"
                        + " last 2 minutes)");
        assertThat(fleet.request(fresh).getString("state")).isEqualTo("PENDING");
        assertThat(fleet.request(served).getString("state")).isEqualTo("PENDING");
        fleet.cancelPendingExcept(UUID.randomUUID());
    }

    private static List<Job> jobs(KubernetesClient client, String namespace, UUID request) {
        return client.batch().v1().jobs().inNamespace(namespace).withLabel(ProbeJobs.REQUEST_LABEL, request.toString())
                .list().getItems();
    }

    static Node node(String name) {
        return new NodeBuilder().withNewMetadata().withName(name).endMetadata().build();
    }

    static String name() {
        return "gpu-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
