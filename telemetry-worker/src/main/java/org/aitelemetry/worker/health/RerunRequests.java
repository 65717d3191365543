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
        return connection.preparedQuery(HealthSql.REQUEST_RERUNS).execute(Tuple.of(nodeIds.toArray(Long[]::new),
                REQUESTER, delay.toMillis() / 1000.0, maxPerDay)).map(rows -> rows.rowCount());
    }
}
