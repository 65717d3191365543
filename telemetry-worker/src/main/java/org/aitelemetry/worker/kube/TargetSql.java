package org.aitelemetry.worker.kube;

/**
 * The SQL that resolves what a health-check request tests: known nodes, the GPUs and MIG slices a namespace holds,
 * and whether a node turned busy.
 */
final class TargetSql {

    private TargetSql() {
    }

    /** $3: the pattern of AMD GPUs' ids; a node holding one is an AMD node. */
    static final String KNOWN_NODES = """
            SELECT u.name, coalesce(n.gpu_count, 0) AS gpus,
                   EXISTS (SELECT 1 FROM gpu_device d WHERE d.node_id = n.id AND d.uuid LIKE $3) AS amd
            FROM unnest($2::varchar[]) AS u(name)
            LEFT JOIN ai_node n ON n.cluster_id = $1 AND n.name = u.name ORDER BY u.name""";

    /** Whole GPUs held by the namespace (or by its pods in $3, when not null), per node. */
    static final String HELD_GPUS = """
            WITH held AS (
              SELECT d.node_id, d.uuid FROM usage_session s JOIN gpu_device d ON d.id = s.device_id
              WHERE s.state IN ('OPEN', 'CLOSING') AND s.namespace = $2 AND s.slice_id IS NULL
                AND s.gpu_instance_id IS NULL AND ($3::varchar[] IS NULL OR s.pod = ANY($3))
              UNION
              SELECT n.id, s.gpu_uuid FROM usage_session s JOIN ai_cluster c ON c.name = s.cluster_name
                JOIN ai_node n ON n.cluster_id = c.id AND n.name = s.node_name
              WHERE c.id = $1 AND s.device_id IS NULL AND s.gpu_uuid IS NOT NULL AND s.gpu_instance_id IS NULL
                AND s.state IN ('OPEN', 'CLOSING') AND s.namespace = $2 AND ($3::varchar[] IS NULL OR s.pod = ANY($3)))
            SELECT n.name, array_agg(h.uuid ORDER BY h.uuid) AS uuids FROM held h JOIN ai_node n ON n.id = h.node_id
            WHERE n.cluster_id = $1 AND n.state = 'PRESENT' GROUP BY n.name""";

    /** MIG slices of the namespace's project (or of its pods in $3), per node and profile, with their parent GPUs. */
    static final String HELD_SLICES = """
            SELECT n.name, sl.profile, count(*)::int AS slices, array_agg(DISTINCT d.uuid) AS uuids
            FROM gpu_slice sl JOIN gpu_device d ON d.id = sl.device_id JOIN ai_node n ON n.id = d.node_id
              JOIN research_project p ON p.id = sl.project_id
            WHERE p.cluster_id = $1 AND p.namespace = $2 AND sl.state = 'PRESENT' AND n.state = 'PRESENT'
              AND ($3::varchar[] IS NULL OR sl.pod = ANY($3))
            GROUP BY n.name, sl.profile""";

    /** Open usage sessions on the node's GPUs, by device or by the alert's node label. */
    static final String BUSY_SESSIONS = """
            SELECT count(*) AS busy FROM usage_session s JOIN ai_cluster c ON c.id = $1
            WHERE s.state IN ('OPEN', 'CLOSING') AND (
              s.device_id IN (SELECT d.id FROM gpu_device d JOIN ai_node n ON n.id = d.node_id
                              WHERE n.cluster_id = $1 AND n.name = $2)
              OR (s.cluster_name = c.name AND s.node_name = $2))""";
}
