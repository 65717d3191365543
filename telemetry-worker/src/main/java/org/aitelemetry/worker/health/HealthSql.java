package org.aitelemetry.worker.health;

/**
 * The SQL of health scoring: GPU and node verdicts applied in the caller's transaction, boards' failure history,
 * fleet-relative baselines and probe re-run requests.
 */
final class HealthSql {

    private HealthSql() {
    }

    /** Locks the GPUs of a batch ($1 UUIDs) in id order and reads their verdict, evidence, node and cluster. */
    static final String LOCK_DEVICES = """
            SELECT d.uuid, d.serial, d.health, d.health_at, d.health_evidence::text AS evidence, d.health_clean_runs,
                   n.name AS node, c.name AS cluster
            FROM gpu_device d JOIN ai_node n ON n.id = d.node_id JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE d.uuid = ANY($1) ORDER BY d.id FOR NO KEY UPDATE OF d""";

    /** Writes each GPU's verdict, reason, evidence, advice, clean-run count and verdict time, by UUID. */
    static final String UPDATE_DEVICES = """
            UPDATE gpu_device d SET health = u.verdict, health_reason = u.reason, health_at = u.at,
                   health_evidence = u.evidence::jsonb, health_advice = u.advice::jsonb, health_clean_runs = u.clean
            FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::timestamptz[])
                 AS u(uuid, verdict, reason, evidence, advice, clean, at)
            WHERE d.uuid = u.uuid""";

    /** Locks, in id order, the nodes of the batch's GPUs ($1 UUIDs) and of its runs ($2 node ids). */
    static final String LOCK_NODES = """
            SELECT id FROM ai_node WHERE id = ANY($2) OR id IN (SELECT node_id FROM gpu_device WHERE uuid = ANY($1))
            ORDER BY id FOR NO KEY UPDATE""";

    /** The present GPUs with a verdict of each node ($1 ids), with the node's own verdict, in GPU order. */
    static final String NODE_GPUS = """
            SELECT n.id, n.name, c.name AS cluster, n.health, d.uuid, d.gpu_index, d.health AS gpu_health
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            JOIN gpu_device d ON d.node_id = n.id AND d.state = 'PRESENT' AND d.health <> 'UNKNOWN'
            WHERE n.id = ANY($1) ORDER BY n.id, d.gpu_index NULLS LAST, d.uuid""";

    /** A node's verdict time never stays in the future: a future time stored before times were checked is replaced. */
    static final String UPDATE_NODES = """
            UPDATE ai_node n SET health = u.verdict, health_reason = u.reason,
                   health_at = GREATEST(CASE WHEN n.health_at > now() THEN NULL ELSE n.health_at END, u.at)
            FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[]) AS u(id, verdict, reason, at)
            WHERE n.id = u.id""";

    /** How many failures each board ($1) had after its time ($2); boards with none return no row. */
    static final String BOARD_FAILURES = """
            SELECT u.board, count(*) AS failures
            FROM unnest($1::text[], $2::timestamptz[]) AS u(board, since)
            JOIN gpu_failure f ON f.board = u.board AND f.failed_at > u.since GROUP BY u.board""";

    /** Records boards that turned FAILED, with the run, evidence and place of each failure. */
    static final String RECORD_FAILURES = """
            INSERT INTO gpu_failure (board, serial, gpu_uuid, cluster, node, run_id, evidence, failed_at)
            SELECT u.board, u.serial, u.uuid, u.cluster, u.node, u.run_id, u.evidence::jsonb, u.failed_at
            FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[],
                        $8::timestamptz[])
                 AS u(board, serial, uuid, cluster, node, evidence, run_id, failed_at)""";

    /** One baseline recompute at a time across replicas. */
    static final String BASELINE_LOCK = "SELECT pg_advisory_xact_lock(hashtext('aitelemetry.health.fleet-baseline'))";

    /** Empties fleet_baseline before a recompute, in the same transaction. */
    static final String CLEAR_BASELINES = "DELETE FROM fleet_baseline";

    /**
     * Each GPU's latest result is found on narrow rows first; only those results' figures (the throughputs written at
     * ingest, {@link TestResult#isFleetFigure}) are then expanded.
     */
    static final String RECOMPUTE_BASELINES = """
            WITH latest AS (
              SELECT DISTINCT ON (r.gpu_uuid) r.id, r.verdict
              FROM probe_result r JOIN probe_run p ON p.id = r.probe_run_id
              WHERE p.finished_at > now() - make_interval(secs => $1) AND p.finished_at <= now()
                AND r.product_name IS NOT NULL
              ORDER BY r.gpu_uuid, p.finished_at DESC),
            figures AS (
              SELECT r.product_name, t.key AS test_key, t.value::float8 AS value
              FROM latest l JOIN probe_result r ON r.id = l.id CROSS JOIN LATERAL jsonb_each_text(r.figures) AS t
              WHERE l.verdict NOT IN ('DEGRADED', 'FAILED')),
            medians AS (
              SELECT product_name, test_key, percentile_cont(0.5) WITHIN GROUP (ORDER BY value) AS median,
                     count(*) AS samples
              FROM figures GROUP BY product_name, test_key HAVING count(*) >= $2),
            spreads AS (
              SELECT f.product_name, f.test_key,
                     percentile_cont(0.5) WITHIN GROUP (ORDER BY abs(f.value - m.median)) AS mad
              FROM figures f JOIN medians m USING (product_name, test_key) GROUP BY f.product_name, f.test_key)
            INSERT INTO fleet_baseline (product_name, test_key, median, mad, samples, computed_at)
            SELECT m.product_name, m.test_key, m.median, s.mad, m.samples, now()
            FROM medians m JOIN spreads s USING (product_name, test_key)""";

    /** The baseline figures of the given products ($1). */
    static final String LOAD_BASELINES = """
            SELECT product_name, test_key, median, mad, samples FROM fleet_baseline WHERE product_name = ANY($1)""";

    /** A delayed NODE request per node ($1 ids) with a live actuator, none open and fewer than $4 re-runs in a day. */
    static final String REQUEST_RERUNS = """
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
}
