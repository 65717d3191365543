package org.aitelemetry.worker.statement;

/** The SQL of statements: what they are made of (rollups, failures, sessions, contacts) and where they go. */
final class StatementSql {

    private StatementSql() {
    }

    /** One replica makes statements at a time; the others skip the round. */
    static final String TRY_LOCK =
            "SELECT pg_try_advisory_xact_lock(hashtext('telemetry.statements')) AS locked";

    static final String EXISTING = """
            SELECT subject_kind, subject_key FROM statement WHERE period_kind = $1 AND period_start = $2""";

    static final String CURRENCY = "SELECT currency FROM price_sheet WHERE active";

    /**
     * Per project: its PROJECT rows of [$1, $2) summed (whatever became of the project since), and, with nothing, the
     * projects present now or with a credit ($3). The idle cost prices each hour's idle share of its cost.
     */
    static final String LINES = """
            WITH used AS (
                SELECT r.entity_id AS project_id, r.cluster_id, sum(r.gpu_seconds_allocated) AS allocated,
                       sum(r.gpu_seconds_used) AS used, sum(r.idle_gpu_seconds) AS idle,
                       sum(r.unmetered_gpu_seconds) AS unmetered, sum(r.energy_joules) AS energy,
                       sum(r.cost) AS cost, sum(r.usage_basis_cost) AS usage_cost,
                       sum(CASE WHEN r.gpu_seconds_allocated > 0
                                THEN r.cost * (r.idle_gpu_seconds / r.gpu_seconds_allocated)::numeric ELSE 0 END)
                           AS idle_cost
                FROM usage_rollup r
                WHERE r.entity_kind = 'PROJECT' AND r.hour >= $1 AND r.hour < $2
                GROUP BY r.entity_id, r.cluster_id),
            listed AS (
                SELECT project_id, cluster_id FROM used
                UNION
                SELECT p.id, p.cluster_id FROM research_project p
                WHERE p.state = 'PRESENT' OR p.id = ANY($3::bigint[]))
            SELECT l.project_id, c.name AS cluster_name, p.namespace, p.title, p.state, p.pi, p.institution,
                   p.allocation_id,
                   coalesce(u.allocated, 0) AS allocated, coalesce(u.used, 0) AS used, coalesce(u.idle, 0) AS idle,
                   coalesce(u.unmetered, 0) AS unmetered,
                   coalesce(u.energy, 0) AS energy, coalesce(u.cost, 0) AS cost,
                   coalesce(u.usage_cost, 0) AS usage_cost, round(coalesce(u.idle_cost, 0), 4) AS idle_cost
            FROM listed l JOIN ai_cluster c ON c.id = l.cluster_id
            LEFT JOIN research_project p ON p.id = l.project_id
            LEFT JOIN used u ON u.project_id = l.project_id AND u.cluster_id = l.cluster_id""";

    /** FAILED verdicts from $1 (the credit window before the period) to the period's end, with the GPU's SKU. */
    static final String FAILURES = """
            SELECT f.id, f.gpu_uuid, f.node, f.failed_at,
                   (SELECT g.product_name FROM gpu_device d JOIN gpu g ON g.id = d.gpu_id
                    WHERE d.uuid = f.gpu_uuid ORDER BY d.id LIMIT 1) AS sku
            FROM gpu_failure f WHERE f.failed_at >= $1 AND f.failed_at < $2""";

    /** Projects' sessions on those GPUs ($1) overlapping [$2, $3). */
    static final String SESSIONS = """
            SELECT s.project_id, s.gpu_uuid, s.gpu_instance_id, s.mig_profile, s.starts_at, s.ends_at
            FROM usage_session s
            WHERE s.gpu_uuid = ANY($1::text[]) AND s.starts_at < $3 AND (s.ends_at IS NULL OR s.ends_at > $2)
              AND s.project_id IS NOT NULL""";

    /** Idle-GPU notices made in [$1, $2), with the GPUs each named, by the labels the notice's mail gave them. */
    static final String IDLE_NOTICES = """
            SELECT i.id, i.project_id, i.cluster_name, i.namespace, i.noticed_at, i.idle_from, i.idle_until,
                   i.idle_gpu_hours, i.cost_wasted, i.currency,
                   array(SELECT g.label FROM idle_notice_gpu g WHERE g.notice_id = i.id ORDER BY 1) AS gpus
            FROM idle_notice i
            WHERE i.noticed_at >= $1 AND i.noticed_at < $2
            ORDER BY i.noticed_at, i.id""";

    static final String CONTACTS = "SELECT cluster_name, namespace, role, email, display_name FROM project_contact";

    static final String INSERT = """
            INSERT INTO statement (subject_kind, subject_key, period_kind, period_start, period_end, project_id,
                                   cluster_name, namespace, title, currency, allocated_gpu_hours, used_gpu_hours,
                                   idle_gpu_hours, energy_kwh, cost_allocation_basis, cost_usage_basis, health_credit,
                                   html, csv)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
            ON CONFLICT ON CONSTRAINT statement_subject_period_uk DO NOTHING
            RETURNING id""";
}
