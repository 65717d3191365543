package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.worker.kube.CheckRequest.TargetNode;
import org.jboss.logging.Logger;

/**
 * Turns PENDING health-check requests of this worker's clusters into gpu-probe Jobs, each on its own cluster's API
 * server. A round claims requests with {@code FOR UPDATE SKIP LOCKED} in the statement that moves them to SCHEDULED, so
 * two replicas never claim one request; then it creates one Job per target node. A request whose Jobs could not be
 * created goes back to PENDING, not to be claimed again before its backoff has passed ({@link JobCreationRetries}; Job
 * names are deterministic, so a Job created before the failure is not duplicated), and fails with the last error once
 * its attempts are used up or the API called the Job invalid; one with no GPU to test fails at once. An idle-time
 * check whose node turned busy goes back to PENDING for {@code idle-check.postpone}: a busy GPU is no evidence against
 * it. The writer of a request's states before its Jobs exist, including the failure of requests no actuator serves.
 */
@ApplicationScoped
public class CheckScheduler {

    private static final Logger LOG = Logger.getLogger(CheckScheduler.class);

    private static final int REASON_WIDTH = 2000;

    private final Pool pool;
    private final KubeConfig config;
    private final CheckTargets targets;
    private final ProbeJobs jobs;
    private final KubeClusters clusters;
    private final JobCreationRetries retries;

    CheckScheduler(Pool pool, KubeConfig config, CheckTargets targets, ProbeJobs jobs, KubeClusters clusters) {
        this.pool = pool;
        this.config = config;
        this.targets = targets;
        this.jobs = jobs;
        this.clusters = clusters;
        this.retries = new JobCreationRetries(config.jobCreation());
    }

    @Scheduled(identity = "kubernetes-check-scheduler", every = "${telemetry.kubernetes.schedule-every:off}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return config.enabled() ? scheduleDue().replaceWithVoid() : Uni.createFrom().voidItem();
    }

    /** One round over every cluster; completes with the requests it claimed. */
    public Uni<List<UUID>> scheduleDue() {
        return Multi.createFrom().iterable(clusters.all())
                .onItem().transformToUniAndConcatenate(this::scheduleDue)
                .onItem().transformToIterable(claimed -> claimed)
                .collect().asList();
    }

    private Uni<List<UUID>> scheduleDue(KubeCluster cluster) {
        return pool.preparedQuery(CheckSql.CLAIM).execute(Tuple.of(cluster.name(), config.batchSize()))
                .onItem().transformToMulti(rows -> Multi.createFrom().iterable(rows)).map(CheckRequest::of)
                .onItem().transformToUniAndConcatenate(request -> schedule(cluster, request).replaceWith(request.id()))
                .collect().asList();
    }

    /** Fails the PENDING requests no live actuator serves, once older than {@code unserved-after}; returns them. */
    public Uni<List<UUID>> failUnserved() {
        return pool.preparedQuery(CheckSql.FAIL_UNSERVED).execute(Tuple.of((double) config.unservedAfter().toSeconds()))
                .onItem().transformToMulti(rows -> Multi.createFrom().iterable(rows)).map(row -> row.getUUID("id"))
                .collect().asList();
    }

    private Uni<Void> schedule(KubeCluster cluster, CheckRequest request) {
        Uni<Long> busy = IdleCheckPolicy.REQUESTER.equals(request.requestedBy()) ? targets.busySessions(request)
                : Uni.createFrom().item(0L);
        return busy.chain(sessions -> sessions > 0 ? postpone(request, sessions) : targets.nodes(cluster, request)
                .chain(nodes -> nodes.isEmpty()
                        ? setState(request.id(), "FAILED", "no GPU of the target is known to be held now", null)
                        : create(cluster, request, nodes)
                                .chain(() -> setState(request.id(), "SCHEDULED", null, jobName(request, nodes)))))
                .onFailure().call(e -> failed(request, e))
                .onFailure().recoverWithNull().replaceWithVoid();
    }

    private Uni<Void> postpone(CheckRequest request, long sessions) {
        Duration delay = config.idleCheck().postpone();
        String why = "postponed " + delay.toMinutes() + " min: the node's GPUs turned busy (" + sessions
                + " open usage sessions) before the idle-time check ran";
        return pool.preparedQuery(CheckSql.POSTPONE).execute(Tuple.of(request.id(), why, (double) delay.toSeconds()))
                .replaceWithVoid();
    }

    private Uni<Void> failed(CheckRequest request, Throwable error) {
        int attempt = request.attempts() + 1;
        Duration delay = retries.after(attempt, error).orElse(null);
        if (delay == null) {
            LOG.errorf(error, "Health check %s failed: its Jobs could not be created (attempt %d of %d)", request.id(),
                    attempt, retries.attempts());
            String why = JobCreationRetries.invalid(error) ? "the Kubernetes API refused the Job as invalid: "
                    : "Jobs could not be created in " + attempt + " attempts; last error: ";
            return pool.preparedQuery(CheckSql.GIVE_UP).execute(Tuple.of(request.id(), reason(why, error), attempt))
                    .replaceWithVoid();
        }
        LOG.warnf(error, "Could not schedule health check %s (attempt %d of %d); retried in %d s", request.id(),
                attempt, retries.attempts(), delay.toSeconds());
        String why = "attempt " + attempt + " of " + retries.attempts() + " failed, retried in " + delay.toSeconds()
                + " s: ";
        return pool.preparedQuery(CheckSql.RETRY_LATER).execute(Tuple.of(request.id(), reason(why, error), attempt,
                delay.toMillis() / 1000.0)).replaceWithVoid();
    }

    private Uni<Void> create(KubeCluster cluster, CheckRequest request, List<TargetNode> nodes) {
        return Uni.createFrom().item(() -> {
            for (TargetNode node : nodes) {
                Job job = jobs.job(cluster.probeNamespace(), request.id(), node, request.tests());
                try {
                    cluster.client().batch().v1().jobs().inNamespace(cluster.probeNamespace()).resource(job).create();
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
        return pool.preparedQuery(CheckSql.SET_STATE).execute(Tuple.of(id, state, reason, jobName)).replaceWithVoid();
    }

    /** {@code state_reason}: the prefix and the error's message, cut to the column's width. */
    private static String reason(String prefix, Throwable error) {
        String reason = prefix + (error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage());
        return reason.length() <= REASON_WIDTH ? reason : reason.substring(0, REASON_WIDTH);
    }
}
