package org.aitelemetry.worker.kube;

import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.stream.StreamSupport;

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

    private static final String LOCK = "SELECT pg_advisory_xact_lock(hashtext('aitelemetry.kubernetes.idle-policy'))";

    private static final String INSERT = """
            INSERT INTO health_check_request (id, requested_by, cluster_id, target_kind, node_name)
            SELECT gen_random_uuid(), $2::varchar, n.cluster_id, 'NODE', n.name
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE c.name = ANY($1) AND n.state = 'PRESENT'
              AND EXISTS (SELECT 1 FROM gpu_device d WHERE d.node_id = n.id AND d.state = 'PRESENT')
              AND NOT EXISTS (SELECT 1 FROM gpu_device d WHERE d.node_id = n.id AND d.state = 'PRESENT'
                AND (coalesce(d.utilization_percent, 0) >= $3
                  OR EXISTS (SELECT 1 FROM usage_session s WHERE s.device_id = d.id
                    AND (s.state IN ('OPEN', 'CLOSING') OR s.ends_at > now() - make_interval(secs => $4)))))
              AND NOT EXISTS (SELECT 1 FROM usage_session s WHERE s.cluster_name = c.name AND s.node_name = n.name
                AND (s.state IN ('OPEN', 'CLOSING') OR s.ends_at > now() - make_interval(secs => $4)))
              AND NOT EXISTS (SELECT 1 FROM health_check_request r WHERE r.cluster_id = n.cluster_id
                AND r.target_kind = 'NODE' AND r.node_name = n.name AND r.requested_by = $2::varchar
                AND r.created_at > now() - make_interval(secs => $5))
            RETURNING node_name""";

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
        return pool.withTransaction(conn -> conn.query(LOCK).execute()
                .chain(() -> conn.preparedQuery(INSERT).execute(args))
                .map(rows -> StreamSupport.stream(rows.spliterator(), false)
                        .map(row -> row.getString("node_name")).toList()));
    }
}
