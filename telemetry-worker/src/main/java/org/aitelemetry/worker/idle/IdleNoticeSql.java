package org.aitelemetry.worker.idle;

/**
 * The notices' SQL. Idle hours come from the rollup's DEVICE and SLICE rows whose idle time covers the hour, and the
 * holder from the usage session that held that GPU (or slice) for the whole hour: a whole GPU's session names the
 * device and no slice, a slice's names the slice, so a MIG device's own row (its slices' sum) is never counted too.
 */
final class IdleNoticeSql {

    private IdleNoticeSql() {
    }

    /** The session holds the entity for the whole hour, for a project (equality joins: hash joins at fleet scale). */
    private static final String HELD_WHOLE_HOUR = "s.project_id IS NOT NULL AND s.starts_at <= r.hour"
            + " AND (s.ends_at IS NULL OR s.ends_at >= r.hour + interval '1 hour')";

    /** One replica at a time makes notices; the others skip the round. */
    static final String TRY_LOCK = "SELECT pg_try_advisory_xact_lock(hashtext('telemetry.idle-notices')) AS locked";

    /**
     * Stretches of consecutive idle hours per entity and holder, not noticed yet, of projects not noticed within the
     * interval: $1 window start, $2 window end (exclusive; whole hours), $3 coverage, $4 least hours, $5 the time
     * before which a project's last notice must lie.
     */
    static final String CANDIDATES = """
            WITH idle_rows AS (
              SELECT entity_kind, entity_id, hour, idle_gpu_seconds,
                     cost * (idle_gpu_seconds / gpu_seconds_allocated)::numeric AS wasted
              FROM usage_rollup
              WHERE entity_kind IN ('DEVICE', 'SLICE') AND hour >= $1 AND hour < $2
                AND gpu_seconds_allocated > 0 AND idle_gpu_seconds >= $3 * gpu_seconds_allocated),
            held AS (
              SELECT r.*, s.project_id, s.starts_at
              FROM idle_rows r JOIN usage_session s ON s.device_id = r.entity_id AND s.slice_id IS NULL
              WHERE r.entity_kind = 'DEVICE' AND %1$s
              UNION ALL
              SELECT r.*, s.project_id, s.starts_at
              FROM idle_rows r JOIN usage_session s ON s.slice_id = r.entity_id
              WHERE r.entity_kind = 'SLICE' AND %1$s),
            idle_hours AS (
              SELECT DISTINCT ON (entity_kind, entity_id, hour) *
              FROM held ORDER BY entity_kind, entity_id, hour, starts_at DESC),
            islands AS (
              SELECT *, hour - row_number() OVER (PARTITION BY entity_kind, entity_id, project_id ORDER BY hour)
                                * interval '1 hour' AS island
              FROM idle_hours),
            stretches AS (
              SELECT entity_kind, entity_id, project_id, min(hour) AS idle_from,
                     max(hour) + interval '1 hour' AS idle_until, sum(idle_gpu_seconds) / 3600 AS idle_gpu_hours,
                     round(sum(wasted), 4) AS cost_wasted
              FROM islands GROUP BY entity_kind, entity_id, project_id, island
              HAVING count(*) >= $4)
            SELECT st.*, p.namespace, c.name AS cluster_name, d.uuid AS gpu_uuid, sl.gpu_instance_id,
                   sl.profile AS mig_profile, n.name AS node_name,
                   COALESCE((SELECT currency FROM price_sheet WHERE active), '') AS currency,
                   (SELECT array_agg(DISTINCT lower(pc.email) ORDER BY lower(pc.email)) FROM project_contact pc
                    WHERE pc.cluster_name = c.name AND pc.namespace = p.namespace) AS contacts
            FROM stretches st
            JOIN research_project p ON p.id = st.project_id
            JOIN ai_cluster c ON c.id = p.cluster_id
            LEFT JOIN gpu_slice sl ON st.entity_kind = 'SLICE' AND sl.id = st.entity_id
            LEFT JOIN gpu_device d ON d.id = CASE WHEN st.entity_kind = 'DEVICE' THEN st.entity_id ELSE sl.device_id END
            LEFT JOIN ai_node n ON n.id = d.node_id
            WHERE NOT EXISTS (SELECT 1 FROM idle_notice_gpu g
                              WHERE g.entity_kind = st.entity_kind AND g.entity_id = st.entity_id
                                AND g.idle_until >= st.idle_from)
              AND NOT EXISTS (SELECT 1 FROM idle_notice i WHERE i.project_id = st.project_id AND i.noticed_at > $5)
            ORDER BY st.project_id, st.entity_kind, st.entity_id, st.idle_from""".formatted(HELD_WHOLE_HOUR);


    /** $1 project … $10 noticed at. */
    static final String INSERT_NOTICE = """
            INSERT INTO idle_notice (project_id, cluster_name, namespace, idle_from, idle_until, gpu_count,
                                     idle_gpu_hours, cost_wasted, currency, mailed_to, noticed_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
            RETURNING id""";

    /** $1 notice, then one array per column. */
    static final String INSERT_GPUS = """
            INSERT INTO idle_notice_gpu (notice_id, entity_kind, entity_id, gpu_uuid, gpu_instance_id, mig_profile,
                                         node_name, idle_from, idle_until, idle_gpu_hours, cost_wasted, label)
            SELECT $1, u.* FROM unnest($2::text[], $3::bigint[], $4::text[], $5::int[], $6::text[], $7::text[],
                                       $8::timestamptz[], $9::timestamptz[], $10::float8[], $11::numeric[],
                                       $12::text[])
                 AS u(entity_kind, entity_id, gpu_uuid, gpu_instance_id, mig_profile, node_name, idle_from,
                      idle_until, idle_gpu_hours, cost_wasted, label)""";
}
