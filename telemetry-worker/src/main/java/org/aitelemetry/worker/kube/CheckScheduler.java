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
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.worker.kube.CheckRequest.TargetNode;
import org.jboss.logging.Logger;

/**
 * Turns PENDING health-check requests of this worker's cluster into gpu-probe Jobs. A round claims requests with
 * {@code FOR UPDATE SKIP LOCKED} in the statement that moves them to SCHEDULED, so two replicas never claim one
 * request; then it creates one Job per target node. A request whose Jobs could not be created goes back to PENDING,
 * not to be claimed again before its backoff has passed ({@link JobCreationRetries}; Job names are deterministic, so a
 * Job created before the failure is not duplicated), and fails with the last error once its attempts are used up or
 * the API called the Job invalid; one with no node to run on fails at once.
 */
@ApplicationScoped
public class CheckScheduler {

    private static final Logger LOG = Logger.getLogger(CheckScheduler.class);

    private static final String CLAIM = """
            WITH claimed AS (
              SELECT r.id FROM health_check_request r JOIN ai_cluster c ON c.id = r.cluster_id
              WHERE r.state = 'PENDING' AND c.name = $1 AND (r.schedule_after IS NULL OR r.schedule_after <= now())
              ORDER BY r.created_at LIMIT $2
              FOR UPDATE OF r SKIP LOCKED)
            UPDATE health_check_request r SET state = 'SCHEDULED', state_reason = NULL, updated_at = now()
            FROM claimed WHERE r.id = claimed.id
            RETURNING r.id, r.cluster_id, r.target_kind, r.node_name, r.namespace, r.pod_selector, r.pod_names, r.tests,
                      r.schedule_attempts""";

    private static final String SET_STATE = """
            UPDATE health_check_request SET state = $2, state_reason = $3, job_name = $4, updated_at = now()
            WHERE id = $1""";

    private static final String RETRY_LATER = """
            UPDATE health_check_request SET state = 'PENDING', state_reason = $2, schedule_attempts = $3,
              schedule_after = now() + make_interval(secs => $4), updated_at = now()
            WHERE id = $1""";

    private static final String GIVE_UP = """
            UPDATE health_check_request SET state = 'FAILED', state_reason = $2, schedule_attempts = $3,
              schedule_after = NULL, updated_at = now()
            WHERE id = $1""";

    private static final int REASON_WIDTH = 2000;

    private final Pool pool;
    private final KubeConfig config;
    private final CheckTargets targets;
    private final ProbeJobs jobs;
    private final Instance<KubernetesClient> client;
    private final JobCreationRetries retries;

    CheckScheduler(Pool pool, KubeConfig config, CheckTargets targets, ProbeJobs jobs,
            Instance<KubernetesClient> client) {
        this.pool = pool;
        this.config = config;
        this.targets = targets;
        this.jobs = jobs;
        this.client = client;
        this.retries = new JobCreationRetries(config.jobCreation());
    }

    @Scheduled(identity = "kubernetes-check-scheduler", every = "${telemetry.kubernetes.schedule-every:off}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return config.enabled() ? scheduleDue().replaceWithVoid() : Uni.createFrom().voidItem();
    }

    /** One round; completes with the requests it claimed. */
    public Uni<List<UUID>> scheduleDue() {
        return pool.preparedQuery(CLAIM).execute(Tuple.of(config.cluster().orElseThrow(), config.batchSize()))
                .onItem().transformToMulti(rows -> Multi.createFrom().iterable(rows)).map(CheckRequest::of)
                .onItem().transformToUniAndConcatenate(request -> schedule(request).replaceWith(request.id()))
                .collect().asList();
    }

    private Uni<Void> schedule(CheckRequest request) {
        return targets.nodes(request).chain(nodes -> nodes.isEmpty()
                ? setState(request.id(), "FAILED", "no node hosts the target's GPUs now", null)
                : create(request, nodes).chain(() -> setState(request.id(), "SCHEDULED", null, jobName(request, nodes))))
                .onFailure().call(e -> failed(request, e))
                .onFailure().recoverWithNull().replaceWithVoid();
    }

    private Uni<Void> failed(CheckRequest request, Throwable error) {
        int attempt = request.attempts() + 1;
        Duration delay = retries.after(attempt, error).orElse(null);
        if (delay == null) {
            LOG.errorf(error, "Health check %s failed: its Jobs could not be created (attempt %d of %d)", request.id(),
                    attempt, retries.attempts());
            String why = JobCreationRetries.invalid(error) ? "the Kubernetes API refused the Job as invalid: "
                    : "Jobs could not be created in " + attempt + " attempts; last error: ";
            return pool.preparedQuery(GIVE_UP).execute(Tuple.of(request.id(), reason(why, error), attempt))
                    .replaceWithVoid();
        }
        LOG.warnf(error, "Could not schedule health check %s (attempt %d of %d); retried in %d s", request.id(),
                attempt, retries.attempts(), delay.toSeconds());
        String why = "attempt " + attempt + " of " + retries.attempts() + " failed, retried in " + delay.toSeconds()
                + " s: ";
        return pool.preparedQuery(RETRY_LATER).execute(Tuple.of(request.id(), reason(why, error), attempt,
                delay.toMillis() / 1000.0)).replaceWithVoid();
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

    /** {@code state_reason}: the prefix and the error's message, cut to the column's width. */
    private static String reason(String prefix, Throwable error) {
        String reason = prefix + (error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage());
        return reason.length() <= REASON_WIDTH ? reason : reason.substring(0, REASON_WIDTH);
    }
}
