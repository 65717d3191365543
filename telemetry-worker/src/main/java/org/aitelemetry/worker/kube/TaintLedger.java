package org.aitelemetry.worker.kube;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.stream.StreamSupport;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.model.fleet.TaintState;

/**
 * The one writer of {@code ai_node.taint_state}: decides a node's taint with {@link TaintLimit} and records it, in a
 * transaction that holds a per-cluster advisory lock, so two replicas (or two verdicts on one replica) cannot both take
 * the last slot. Every taint is logged in {@code kube_taint} for the hourly window.
 */
@ApplicationScoped
class TaintLedger {

    private static final String LOCK = """
            SELECT pg_advisory_xact_lock(hashtext('aitelemetry.kubernetes.taint'), hashtext($1))""";

    private static final String CURRENT = """
            SELECT n.id, n.taint_state FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE c.name = $1 AND n.name = $2 ORDER BY n.id LIMIT 1""";

    private static final String FIGURES = """
            SELECT count(*) FILTER (WHERE n.state = 'PRESENT' AND n.gpu_count > 0) AS gpu_nodes,
              count(*) FILTER (WHERE n.state = 'PRESENT' AND n.taint_state = 'TAINTED') AS tainted,
              (SELECT count(*) FROM kube_taint t WHERE t.cluster_name = $1
                AND t.tainted_at > now() - interval '1 hour') AS last_hour
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id WHERE c.name = $1""";

    /** A held node keeps its taint_changed_at while it stays held: held taints are applied in that order. */
    private static final String RECORD = """
            UPDATE ai_node SET taint_state = $2, taint_reason = $3,
              taint_changed_at = CASE WHEN taint_state = $2 THEN taint_changed_at ELSE now() END
            WHERE id = $1 AND (taint_state <> $2 OR taint_reason IS DISTINCT FROM $3)""";

    private static final String LOG_TAINT = "INSERT INTO kube_taint (cluster_name, node_name) VALUES ($1, $2)";

    private static final String PRUNE_LOG = "DELETE FROM kube_taint WHERE tainted_at < now() - interval '1 day'";

    /**
     * The nodes a reconcile re-applies, in the order that frees slots before it fills them: verdicts that clear a
     * taint, then tainted nodes, then held ones by the time they were held, then the rest.
     */
    private static final String RECONCILE_ORDER = """
            SELECT n.name, n.health, n.health_reason FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE c.name = $1 AND n.state = 'PRESENT' AND n.health NOT IN ('UNKNOWN', 'INCONCLUSIVE')
            ORDER BY n.health = 'FAILED', n.taint_state <> 'TAINTED', n.taint_state <> 'HELD',
              n.taint_changed_at NULLS LAST, n.name""";

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
        return pool.withTransaction(conn -> conn.preparedQuery(LOCK).execute(Tuple.of(cluster.name()))
                .chain(() -> conn.preparedQuery(CURRENT).execute(Tuple.of(cluster.name(), node)))
                .chain(rows -> rows.size() == 0
                        ? Uni.createFrom().item(new TaintLimit.Decision(verdict == HealthVerdict.FAILED
                                ? TaintState.HELD : TaintState.NONE, "node unknown to the fleet sync"))
                        : decide(conn, cluster, node, verdict, rows.iterator().next())));
    }

    private Uni<TaintLimit.Decision> decide(SqlConnection conn, KubeCluster cluster, String node,
            HealthVerdict verdict, Row current) {
        long id = current.getLong("id");
        TaintState was = TaintState.valueOf(current.getString("taint_state"));
        return conn.preparedQuery(FIGURES).execute(Tuple.of(cluster.name())).map(rows -> rows.iterator().next())
                .map(row -> limit.decide(verdict, was, cluster.dryRun(), new TaintLimit.Figures(
                        (int) (long) row.getLong("gpu_nodes"), (int) (long) row.getLong("tainted"),
                        (int) (long) row.getLong("last_hour"))))
                .call(decision -> conn.preparedQuery(RECORD)
                        .execute(Tuple.of(id, decision.state().name(), decision.reason())))
                .call(decision -> decision.state() == TaintState.TAINTED && was != TaintState.TAINTED
                        ? conn.preparedQuery(LOG_TAINT).execute(Tuple.of(cluster.name(), node))
                        : Uni.createFrom().voidItem());
    }

    /** The cluster's stored node verdicts in reconcile order. */
    Uni<List<NodeVerdict>> reconcileOrder(KubeCluster cluster) {
        return pool.preparedQuery(RECONCILE_ORDER).execute(Tuple.of(cluster.name()))
                .map(rows -> StreamSupport.stream(rows.spliterator(), false)
                        .map(row -> new NodeVerdict(row.getString("name"),
                                HealthVerdict.valueOf(row.getString("health")), row.getString("health_reason")))
                        .toList());
    }

    /** Drops the taint log past the hourly window (kept a day, for inspection). */
    Uni<Void> pruneLog() {
        return pool.query(PRUNE_LOG).execute().replaceWithVoid();
    }
}
