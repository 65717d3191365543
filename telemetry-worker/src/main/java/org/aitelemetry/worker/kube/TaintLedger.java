package org.aitelemetry.worker.kube;

import static org.aitelemetry.worker.sql.SqlValues.list;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.model.fleet.TaintState;

/**
 * The one writer of {@code ai_node.taint_state}: decides a node's taint with {@link TaintLimit} and records it, in a
 * transaction that holds a per-cluster advisory lock, so two replicas (or two verdicts on one replica) cannot both take
 * the last slot. Every taint is logged in {@code kube_taint} for the hourly window.
 */
@ApplicationScoped
class TaintLedger {

    private final Pool pool;
    private final TaintLimit limit;

    TaintLedger(Pool pool, KubeConfig config) {
        this.pool = pool;
        this.limit = TaintLimit.of(config.taintLimit());
    }

    /** A node verdict to apply, as stored. */
    record NodeVerdict(String node, HealthVerdict verdict, String reason) {
    }

    /** Decides and records the node's taint state; a node the fleet sync does not know is held, unrecorded. */
    Uni<TaintLimit.Decision> decide(KubeCluster cluster, String node, HealthVerdict verdict) {
        return pool.withTransaction(conn -> conn.preparedQuery(TaintSql.CLUSTER_LOCK).execute(Tuple.of(cluster.name()))
                .chain(() -> conn.preparedQuery(TaintSql.CURRENT).execute(Tuple.of(cluster.name(), node)))
                .chain(rows -> rows.size() == 0
                        ? Uni.createFrom().item(new TaintLimit.Decision(verdict == HealthVerdict.FAILED
                                ? TaintState.HELD : TaintState.NONE, "node unknown to the fleet sync"))
                        : decide(conn, cluster, node, verdict, rows.iterator().next())));
    }

    private Uni<TaintLimit.Decision> decide(SqlConnection conn, KubeCluster cluster, String node,
            HealthVerdict verdict, Row current) {
        long id = current.getLong("id");
        TaintState was = TaintState.valueOf(current.getString("taint_state"));
        return conn.preparedQuery(TaintSql.FIGURES).execute(Tuple.of(cluster.name()))
                .map(rows -> rows.iterator().next())
                .map(row -> limit.decide(verdict, was, cluster.dryRun(), new TaintLimit.Figures(
                        (int) (long) row.getLong("gpu_nodes"), (int) (long) row.getLong("tainted"),
                        (int) (long) row.getLong("last_hour"))))
                .call(decision -> conn.preparedQuery(TaintSql.RECORD)
                        .execute(Tuple.of(id, decision.state().name(), decision.reason())))
                .call(decision -> decision.state() == TaintState.TAINTED && was != TaintState.TAINTED
                        ? conn.preparedQuery(TaintSql.LOG_TAINT).execute(Tuple.of(cluster.name(), node))
                        : Uni.createFrom().voidItem());
    }

    /** The cluster's stored node verdicts in reconcile order. */
    Uni<List<NodeVerdict>> reconcileOrder(KubeCluster cluster) {
        return pool.preparedQuery(TaintSql.RECONCILE_ORDER).execute(Tuple.of(cluster.name()))
                .map(rows -> list(rows, row -> new NodeVerdict(row.getString("name"),
                        HealthVerdict.valueOf(row.getString("health")), row.getString("health_reason"))));
    }

    /** Drops the taint log past the hourly window (kept a day, for inspection). */
    Uni<Void> pruneLog() {
        return pool.query(TaintSql.PRUNE_LOG).execute().replaceWithVoid();
    }
}
