package org.aitelemetry.worker.probe;

/** The SQL of probe ingest: storing runs and their GPU results, and checking a node-scoped token's node. */
final class ProbeSql {

    private ProbeSql() {
    }

    /**
     * Idempotent by run id: a replay, or the loser of two concurrent posts of one run, inserts nothing and gets no row;
     * rows go in in run-id order, so that two batches holding the same runs wait for each other instead of
     * deadlocking. The node is the one node of the given name (the report's hostname, or the node of a node-scoped
     * token) in the token's cluster when it names one, none when ambiguous; a request id that names no health-check
     * request is dropped rather than refused, as the report itself is still worth keeping.
     */
    static final String INSERT_RUNS = """
            INSERT INTO probe_run (run_id, node_id, hostname, request_id, schema_version, probe_version, started_at,
                                   finished_at, exit_code, verdict, report)
            SELECT u.run_id, (SELECT min(n.id) FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
                              WHERE n.name = u.node AND (u.cluster IS NULL OR c.name = u.cluster) HAVING count(*) = 1),
                   u.hostname, (SELECT id FROM health_check_request WHERE id = u.request_id), u.schema_version,
                   u.probe_version, u.started_at, u.finished_at, u.exit_code, u.verdict, u.report::jsonb
            FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[],
                        $7::timestamptz[], $8::int[], $9::text[], $10::text[], $11::text[], $12::text[])
                 AS u(run_id, hostname, request_id, schema_version, probe_version, started_at, finished_at, exit_code,
                      verdict, report, node, cluster)
            ORDER BY u.run_id
            ON CONFLICT (run_id) DO NOTHING
            RETURNING id, node_id, run_id""";

    /** A result row per GPU of the batch, in input order; returns what a replay's load reads back. */
    static final String INSERT_RESULTS = """
            INSERT INTO probe_result (probe_run_id, gpu_uuid, device_id, verdict, reasons, tests, slow_tests, failed_tests,
                                      evidence, advice, serial, product_name, figures)
            SELECT u.run, u.uuid, (SELECT id FROM gpu_device WHERE uuid = u.uuid), u.verdict,
                   ARRAY(SELECT left(reason, 2000) FROM jsonb_array_elements_text(u.reasons::jsonb) AS reason), u.tests::json,
                   ARRAY(SELECT jsonb_array_elements_text(u.slow::jsonb)),
                   ARRAY(SELECT jsonb_array_elements_text(u.failed::jsonb)), u.evidence::jsonb, u.advice::jsonb,
                   u.serial, u.product, u.figures::jsonb
            FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                        $9::text[], $10::text[], $11::text[], $12::text[])
                 WITH ORDINALITY AS u(run, uuid, verdict, reasons, tests, slow, failed, evidence, advice, serial, product,
                                      figures, n)
            ORDER BY u.n
            RETURNING probe_run_id, gpu_uuid, device_id, verdict AS gpu_verdict, reasons""";

    /**
     * Each GPU's latest stored run that started before the one being scored: what it left to confirm (slow and failed
     * tests). Walked newest first by the (gpu_uuid, probe_run_id) index, so the cost does not grow with a GPU's history.
     */
    static final String PREVIOUS_RUN = """
            SELECT u.run_id, u.uuid AS gpu_uuid, last.slow_tests, last.failed_tests
            FROM unnest($1::text[], $2::uuid[], $3::timestamptz[]) AS u(uuid, run_id, started_at)
            CROSS JOIN LATERAL (
              SELECT r.slow_tests, r.failed_tests FROM probe_result r JOIN probe_run p ON p.id = r.probe_run_id
              WHERE r.gpu_uuid = u.uuid AND p.run_id <> u.run_id AND p.started_at < u.started_at
              ORDER BY r.probe_run_id DESC LIMIT 1) AS last""";

    /** A stored run ($1 run id) with its GPU results, one row per GPU (one row without results when none). */
    static final String LOAD_RUN = """
            SELECT p.run_id, p.hostname, p.node_id, p.verdict, r.gpu_uuid, r.device_id, r.verdict AS gpu_verdict, r.reasons
            FROM probe_run p LEFT JOIN probe_result r ON r.probe_run_id = p.id
            WHERE p.run_id = $1 ORDER BY r.id""";

    /** A GPU of the report that the fleet places on another node (or the same name in another cluster), if any. */
    static final String FOREIGN_GPU = """
            SELECT d.uuid, n.name, c.name AS cluster FROM gpu_device d JOIN ai_node n ON n.id = d.node_id
            JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE d.uuid = ANY($1) AND NOT (n.name = $2 AND ($3::text IS NULL OR c.name = $3))
            ORDER BY d.uuid LIMIT 1""";

    /** Whether a node of the name ($1) exists in the cluster ($2), or in any cluster when none is named. */
    static final String KNOWN_NODE = """
            SELECT EXISTS (SELECT 1 FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
                           WHERE n.name = $1 AND ($2::text IS NULL OR c.name = $2)) AS known""";
}
