package org.aitelemetry.worker.usage;

/**
 * The rollup's SQL. The upsert takes an hour's rows as arrays through {@code unnest} and only touches a row whose
 * figures changed, so recomputing an hour from unchanged data writes nothing.
 */
final class UsageSql {

    private UsageSql() {
    }

    static final String DEVICES = """
            SELECT d.id, d.uuid, n.cluster_id, g.product_name FROM gpu_device d
            JOIN ai_node n ON n.id = d.node_id JOIN ai_cluster c ON c.id = n.cluster_id JOIN gpu g ON g.id = d.gpu_id
            WHERE c.source_id = $1""";

    static final String SLICES = """
            SELECT s.id, s.device_id, s.gpu_instance_id, s.profile FROM gpu_slice s
            JOIN gpu_device d ON d.id = s.device_id JOIN ai_node n ON n.id = d.node_id
            JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE c.source_id = $1""";

    static final String PROJECTS = """
            SELECT p.id, p.cluster_id, p.namespace FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id
            WHERE c.source_id = $1""";

    static final String VMS = """
            SELECT v.id, v.cluster_id, v.project_id, c.name AS cluster, p.namespace, v.name, v.gpu_model
            FROM virtual_machine v JOIN research_project p ON p.id = v.project_id
            JOIN ai_cluster c ON c.id = v.cluster_id
            WHERE c.source_id = $1""";

    /**
     * Hours already rolled up (marked done in the transaction that wrote their rows, rows or not), less those rolled
     * up before the active price sheet changed a price in force in them: those are recomputed, so re-priced, while the
     * source still holds them.
     */
    static final String ROLLED_UP_HOURS = """
            SELECT h.hour FROM usage_rollup_hour h
            WHERE h.source_id = $1 AND h.hour >= $2
              AND NOT EXISTS (SELECT 1 FROM price_sheet p
                              WHERE p.active AND h.hour >= p.changed_from AND h.rolled_up_at < p.changed_at)""";

    /** A mark is renewed only when it predates a price change in force in its hour (see above). */
    static final String MARK_HOUR = """
            INSERT INTO usage_rollup_hour AS h (source_id, hour) VALUES ($1, $2)
            ON CONFLICT (source_id, hour) DO UPDATE SET rolled_up_at = now()
            WHERE EXISTS (SELECT 1 FROM price_sheet p
                          WHERE p.active AND h.hour >= p.changed_from AND h.rolled_up_at < p.changed_at)""";

    /** What a statement needs to know of the source's progress: how far back it still holds, as of when. */
    static final String CHECKED = """
            UPDATE metric_source SET rollup_horizon_from = $2, rollup_checked_at = $3 WHERE id = $1""";

    /** Per configured source: its progress and the hours of [$2, $3) marked done from its horizon on. */
    static final String PERIOD_PROGRESS = """
            SELECT s.name, s.rollup_horizon_from, s.rollup_checked_at,
                   (SELECT count(*) FROM usage_rollup_hour h
                    WHERE h.source_id = s.id AND h.hour >= greatest($2, s.rollup_horizon_from) AND h.hour < $3) AS done
            FROM metric_source s WHERE s.name = ANY($1)""";

    static final String UPSERT = """
            INSERT INTO usage_rollup AS t (entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated,
                                           gpu_seconds_used, idle_gpu_seconds, utilization_avg, energy_joules, cost,
                                           usage_basis_cost, unmetered_gpu_seconds, computed_at)
            SELECT u.kind, u.entity_id, $1, u.cluster_id, u.allocated, u.used, u.idle, u.utilization, u.energy,
                   round(u.cost::numeric, 4), round(u.usage_cost::numeric, 4), u.unmetered, now()
            FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::float8[], $6::float8[], $7::float8[], $8::float8[],
                        $9::float8[], $10::float8[], $11::float8[], $12::float8[])
                 AS u(kind, entity_id, cluster_id, allocated, used, idle, utilization, energy, cost, usage_cost,
                      unmetered)
            ON CONFLICT (entity_kind, entity_id, hour) DO UPDATE SET cluster_id = EXCLUDED.cluster_id,
                gpu_seconds_allocated = EXCLUDED.gpu_seconds_allocated, gpu_seconds_used = EXCLUDED.gpu_seconds_used,
                idle_gpu_seconds = EXCLUDED.idle_gpu_seconds, utilization_avg = EXCLUDED.utilization_avg,
                energy_joules = EXCLUDED.energy_joules, cost = EXCLUDED.cost,
                usage_basis_cost = EXCLUDED.usage_basis_cost, unmetered_gpu_seconds = EXCLUDED.unmetered_gpu_seconds,
                computed_at = EXCLUDED.computed_at
            WHERE (t.cluster_id, t.gpu_seconds_allocated, t.gpu_seconds_used, t.idle_gpu_seconds, t.utilization_avg,
                   t.energy_joules, t.cost, t.usage_basis_cost, t.unmetered_gpu_seconds)
                  IS DISTINCT FROM (EXCLUDED.cluster_id, EXCLUDED.gpu_seconds_allocated, EXCLUDED.gpu_seconds_used,
                   EXCLUDED.idle_gpu_seconds, EXCLUDED.utilization_avg, EXCLUDED.energy_joules, EXCLUDED.cost,
                   EXCLUDED.usage_basis_cost, EXCLUDED.unmetered_gpu_seconds)""";
}
