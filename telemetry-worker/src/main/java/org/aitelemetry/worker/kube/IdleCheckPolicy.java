package org.aitelemetry.worker.kube;

import static org.aitelemetry.worker.sql.SqlValues.list;

import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Idle-time checks, on every cluster the worker acts on: a node whose GPUs have all been idle for
 * {@code idle-check.after} (no open usage session, none ended within that time, utilization below the threshold) gets a
 * NODE health-check request from {@value #REQUESTER}, at most one per {@code idle-check.interval};
 * {@link CheckScheduler} runs it like any other. Replicas serialise on a transaction-scoped advisory lock, so a round
 * never inserts a request another just did.
 */
@ApplicationScoped
public class IdleCheckPolicy {

    public static final String REQUESTER = "idle-policy";

    private final Pool pool;
    private final KubeConfig config;
    private final KubeClusters clusters;

    IdleCheckPolicy(Pool pool, KubeConfig config, KubeClusters clusters) {
        this.pool = pool;
        this.config = config;
        this.clusters = clusters;
    }

    @Scheduled(identity = "kubernetes-idle-checks", every = "${telemetry.kubernetes.idle-check.every:off}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return config.enabled() ? requestDue().replaceWithVoid() : Uni.createFrom().voidItem();
    }

    /** One round; completes with the nodes that got a request. */
    public Uni<List<String>> requestDue() {
        KubeConfig.IdleCheck idle = config.idleCheck();
        Tuple args = Tuple.of(clusters.names().toArray(String[]::new), REQUESTER, idle.utilizationBelow(),
                (double) idle.after().toSeconds(), (double) idle.interval().toSeconds());
        return pool.withTransaction(conn -> conn.query(CheckSql.IDLE_POLICY_LOCK).execute()
                .chain(() -> conn.preparedQuery(CheckSql.REQUEST_IDLE_CHECKS).execute(args))
                .map(rows -> list(rows, row -> row.getString("node_name"))));
    }
}
