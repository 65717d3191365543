package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatus;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/**
 * Follows the Jobs of SCHEDULED and RUNNING requests, on each cluster's own API server: RUNNING once a Job is active,
 * FAILED as soon as one fails (the reason from its Failed condition), SUCCEEDED when all succeeded. A request whose
 * Jobs are gone (deleted, or removed by their TTL before a round saw them finish) fails with that reason, once it has
 * been SCHEDULED for two minutes (a replica may be creating its Jobs right now).
 */
@ApplicationScoped
public class CheckTracker {

    private final Pool pool;
    private final KubeConfig config;
    private final KubeClusters clusters;

    CheckTracker(Pool pool, KubeConfig config, KubeClusters clusters) {
        this.pool = pool;
        this.config = config;
        this.clusters = clusters;
    }

    @Scheduled(identity = "kubernetes-check-tracker", every = "${telemetry.kubernetes.track-every:off}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return config.enabled() ? track() : Uni.createFrom().voidItem();
    }

    /** One round over every open request of every cluster. */
    public Uni<Void> track() {
        return Multi.createFrom().iterable(clusters.all())
                .onItem().transformToUniAndConcatenate(this::track)
                .collect().last().replaceWithVoid();
    }

    private Uni<Void> track(KubeCluster cluster) {
        return pool.preparedQuery(CheckSql.TRACKED).execute(Tuple.of(cluster.name()))
                .onItem().transformToMulti(rows -> Multi.createFrom().iterable(rows))
                .onItem().transformToUniAndConcatenate(request -> track(cluster, request))
                .collect().last().replaceWithVoid();
    }

    private Uni<Void> track(KubeCluster cluster, Row request) {
        UUID id = request.getUUID("id");
        boolean settled = request.getBoolean("settled");
        return Uni.createFrom().item(() -> cluster.client().batch().v1().jobs().inNamespace(cluster.probeNamespace())
                        .withLabel(ProbeJobs.REQUEST_LABEL, id.toString()).list().getItems())
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .chain(jobs -> {
                    // A just-claimed request may not have its Jobs yet: missing Jobs count only once it settled.
                    Outcome outcome = jobs.isEmpty() && !settled ? null : outcome(jobs);
                    return outcome == null ? Uni.createFrom().voidItem()
                            : pool.preparedQuery(CheckSql.TRACKED_STATE)
                                    .execute(Tuple.of(id, outcome.state(), outcome.reason()))
                                    .replaceWithVoid();
                });
    }

    /** The request's state from its Jobs; null while none has started. */
    static Outcome outcome(List<Job> jobs) {
        if (jobs.isEmpty()) {
            return new Outcome("FAILED", "the probe Job no longer exists");
        }
        int succeeded = 0;
        boolean active = false;
        for (Job job : jobs) {
            JobStatus status = job.getStatus();
            if (status == null) {
                continue;
            }
            JobCondition failed = condition(status, "Failed");
            if (failed != null || positive(status.getFailed())) {
                String why = failed == null ? "pod failed" : failed.getReason() + ": " + failed.getMessage();
                return new Outcome("FAILED", "Job " + job.getMetadata().getName() + " failed on node "
                        + ProbeJobs.node(job) + " (" + why + ")");
            }
            succeeded += condition(status, "Complete") != null || positive(status.getSucceeded()) ? 1 : 0;
            active |= positive(status.getActive());
        }
        if (succeeded == jobs.size()) {
            return new Outcome("SUCCEEDED", null);
        }
        return active || succeeded > 0 ? new Outcome("RUNNING", null) : null;
    }

    private static JobCondition condition(JobStatus status, String type) {
        return status.getConditions() == null ? null : status.getConditions().stream()
                .filter(c -> type.equals(c.getType()) && "True".equals(c.getStatus())).findFirst().orElse(null);
    }

    private static boolean positive(Integer count) {
        return count != null && count > 0;
    }

    record Outcome(String state, String reason) {
    }
}
