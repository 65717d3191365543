package org.aitelemetry.worker.kube;

/**
 * The SQL of node taints: the ledger that decides and records them under a per-cluster lock, its hourly log, and
 * the counts behind the taint gauges.
 */
final class TaintSql {

    private TaintSql() {
    }

    static final String CLUSTER_LOCK = """
            SELECT pg_advisory_xact_lock(hashtext('aitelemetry.kubernetes.taint'), hashtext($1))""";

    static final String CURRENT = """
            SELECT n.id, n.taint_state FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE c.name = $1 AND n.name = $2 ORDER BY n.id LIMIT 1""";

    static final String FIGURES = """
            SELECT count(*) FILTER (WHERE n.state = 'PRESENT' AND n.gpu_count > 0) AS gpu_nodes,
              count(*) FILTER (WHERE n.state = 'PRESENT' AND n.taint_state = 'TAINTED') AS tainted,
              (SELECT count(*) FROM kube_taint t WHERE t.cluster_name = $1
                AND t.tainted_at > now() - interval '1 hour') AS last_hour
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id WHERE c.name = $1""";

    /** A held node keeps its taint_changed_at while it stays held: held taints are applied in that order. */
    static final String RECORD = """
            UPDATE ai_node SET taint_state = $2, taint_reason = $3,
              taint_changed_at = CASE WHEN taint_state = $2 THEN taint_changed_at ELSE now() END
            WHERE id = $1 AND (taint_state <> $2 OR taint_reason IS DISTINCT FROM $3)""";

    static final String LOG_TAINT = "INSERT INTO kube_taint (cluster_name, node_name) VALUES ($1, $2)";

    static final String PRUNE_LOG = "DELETE FROM kube_taint WHERE tainted_at < now() - interval '1 day'";

    /**
     * The nodes a reconcile re-applies, in the order that frees slots before it fills them: verdicts that clear a
     * taint, then tainted nodes, then held ones by the time they were held, then the rest.
     */
    static final String RECONCILE_ORDER = """
            SELECT n.name, n.health, n.health_reason FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE c.name = $1 AND n.state = 'PRESENT' AND n.health NOT IN ('UNKNOWN', 'INCONCLUSIVE')
            ORDER BY n.health = 'FAILED', n.taint_state <> 'TAINTED', n.taint_state <> 'HELD',
              n.taint_changed_at NULLS LAST, n.name""";

    static final String COUNTS = """
            SELECT c.name AS cluster, s.state, count(n.id) AS nodes
            FROM ai_cluster c CROSS JOIN unnest(ARRAY['TAINTED', 'HELD', 'DRY_RUN']) AS s(state)
            LEFT JOIN ai_node n ON n.cluster_id = c.id AND n.state = 'PRESENT' AND n.taint_state = s.state
            WHERE c.name = ANY($1) GROUP BY c.name, s.state""";
}
