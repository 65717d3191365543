package org.aitelemetry.worker.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;

/**
 * Schedules a re-run of the probe on a node whose run was inconclusive for a GPU or left a failure to confirm: a NODE
 * health-check request from {@value #REQUESTER}, not to start before {@code telemetry.health.rerun.delay}, which the
 * worker's check scheduler runs like any other. None when the node's cluster has no live actuator (the request could
 * never run), when one is already open, or when the node had {@code max-per-day} re-runs in the last day.
 */
@ApplicationScoped
public class RerunRequests {

    public static final String REQUESTER = "rerun-policy";

    private static final String INSERT = """
            INSERT INTO health_check_request (id, requested_by, cluster_id, target_kind, node_name, schedule_after)
            SELECT gen_random_uuid(), $2::varchar, n.cluster_id, 'NODE', n.name, now() + make_interval(secs => $3)
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE n.id = ANY($1)
              AND EXISTS (SELECT 1 FROM kube_actuator a WHERE a.cluster_name = c.name
                          AND a.heartbeat_at > now() - interval '2 minutes')
              AND NOT EXISTS (SELECT 1 FROM health_check_request r WHERE r.cluster_id = n.cluster_id
                              AND r.node_name = n.name AND r.target_kind = 'NODE'
                              AND r.state IN ('PENDING', 'SCHEDULED', 'RUNNING'))
              AND (SELECT count(*) FROM health_check_request r WHERE r.cluster_id = n.cluster_id
                   AND r.node_name = n.name AND r.requested_by = $2::varchar
                   AND r.created_at > now() - interval '1 day') < $4
            RETURNING id""";

    private final Duration delay;
    private final int maxPerDay;

    RerunRequests(HealthConfig config) {
        this.delay = config.rerun().delay();
        this.maxPerDay = config.rerun().maxPerDay();
    }

    /** Completes with how many re-runs were requested for the given nodes (each at most one). */
    public Uni<Integer> request(SqlConnection connection, List<Long> nodeIds) {
        if (nodeIds.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return connection.preparedQuery(INSERT).execute(Tuple.of(nodeIds.toArray(Long[]::new), REQUESTER,
                delay.toMillis() / 1000.0, maxPerDay)).map(rows -> rows.rowCount());
    }
}
