package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.worker.kube.CheckRequest.TargetNode;
import org.jboss.logging.Logger;

/**
 * Turns PENDING health-check requests of this worker's cluster into gpu-probe Jobs. A round claims requests with
 * {@code FOR UPDATE SKIP LOCKED} in the statement that moves them to SCHEDULED, so two replicas never claim one
 * request; then it creates one Job per target node. A request whose Jobs could not be created goes back to PENDING
 * (retried next round; Job names are deterministic, so a Job created before the failure is not duplicated); one with no
 * node to run on fails.
 */
@ApplicationScoped
public class CheckScheduler {

    private static final Logger LOG = Logger.getLogger(CheckScheduler.class);

    private static final String CLAIM = """
            WITH claimed AS (
              SELECT r.id FROM health_check_request r JOIN ai_cluster c ON c.id = r.cluster_id
              WHERE r.state = 'PENDING' AND c.name = $1 ORDER BY r.created_at LIMIT $2
              FOR UPDATE OF r SKIP LOCKED)
            UPDATE health_check_request r SET state = 'SCHEDULED', state_reason = NULL, updated_at = now()
            FROM claimed WHERE r.id = claimed.id
            RETURNING r.id, r.cluster_id, r.target_kind, r.node_name, r.namespace, r.pod_selector, r.pod_names, r.tests""";

    private static final String SET_STATE = """
            UPDATE health_check_request SET state = $2, state_reason = $3, job_name = $4, updated_at = now()
            WHERE id = $1""";

    private final Pool pool;
    private final KubeConfig config;
    private final CheckTargets targets;
    private final ProbeJobs jobs;
    private final Instance<KubernetesClient> client;

    CheckScheduler(Pool pool, KubeConfig config, CheckTargets targets, ProbeJobs jobs,
            Instance<KubernetesClient> client) {
        this.pool = pool;
        this.config = config;
        this.targets = targets;
        this.jobs = jobs;
        this.client = client;
    }

    @Scheduled(identity = "kubernetes-check-scheduler", every = "${telemetry.kubernetes.schedule-every:off}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return config.enabled() ? scheduleDue().replaceWithVoid() : Uni.createFrom().voidItem();
    }

    /** One round; completes with the requests it claimed. */
    public Uni<List<UUID>> scheduleDue() {
        return pool.preparedQuery(CLAIM).execute(Tuple.of(config.cluster(), config.batchSize()))
                .onItem().transformToMulti(rows -> Multi.createFrom().iterable(rows)).map(CheckRequest::of)
                .onItem().transformToUniAndConcatenate(request -> schedule(request).replaceWith(request.id()))
                .collect().asList();
    }

    private Uni<Void> schedule(CheckRequest request) {
        return targets.nodes(request).chain(nodes -> nodes.isEmpty()
                ? setState(request.id(), "FAILED", "no node hosts the target's GPUs now", null)
                : create(request, nodes).chain(() -> setState(request.id(), "SCHEDULED", null, jobName(request, nodes))))
                .onFailure().call(e -> {
                    LOG.warnf(e, "Could not schedule health check %s; retried next round", request.id());
                    return setState(request.id(), "PENDING", "scheduling failed: " + message(e), null);
                })
                .onFailure().recoverWithNull().replaceWithVoid();
    }

    private Uni<Void> create(CheckRequest request, List<TargetNode> nodes) {
        return Uni.createFrom().item(() -> {
            for (TargetNode node : nodes) {
                Job job = jobs.job(request.id(), node.name(), node.gpus(), request.tests());
                try {
                    client.get().batch().v1().jobs().inNamespace(config.probeNamespace()).resource(job).create();
                } catch (KubernetesClientException e) {
                    if (e.getCode() != 409) {
                        throw e;
                    }
                }
            }
            return null;
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool()).replaceWithVoid();
    }

    /** The Job's name; for several Jobs the common prefix, which is also their {@link ProbeJobs#REQUEST_LABEL}. */
    private static String jobName(CheckRequest request, List<TargetNode> nodes) {
        return nodes.size() == 1 ? ProbeJobs.name(request.id(), nodes.get(0).name()) : "gpu-probe-" + request.id();
    }

    private Uni<Void> setState(UUID id, String state, String reason, String jobName) {
        return pool.preparedQuery(SET_STATE).execute(Tuple.of(id, state, reason, jobName)).replaceWithVoid();
    }

    static String message(Throwable e) {
        String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return text.length() <= 1900 ? text : text.substring(0, 1900);
    }
}
