package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.api.LikePattern;
import org.aitelemetry.site.api.Rows;

/**
 * Finds the GPUs a job's pods hold now, with their health: open usage sessions (OPEN, or CLOSING in their grace
 * period) and the project's present MIG slices, of pods named or sharing a prefix. The caller's membership of the
 * project is checked before; the cluster is always part of the match, so a same-named project elsewhere stays out.
 */
@ApplicationScoped
public class JobHealthQueries {

    /** {@code %1$s} and {@code %2$s}: the pod condition on sessions and on slices, with the pods as $3. */
    private static final String HELD = """
            WITH held AS (
              SELECT s.gpu_uuid AS uuid, s.gpu_instance_id, s.pod, s.node_name FROM usage_session s
              WHERE s.state IN ('OPEN', 'CLOSING') AND s.cluster_name = $1 AND s.namespace = $2
                AND s.gpu_uuid IS NOT NULL AND %1$s
              UNION ALL
              SELECT d.uuid, sl.gpu_instance_id, sl.pod, n.name FROM gpu_slice sl
              JOIN research_project rp ON rp.id = sl.project_id JOIN ai_cluster c ON c.id = rp.cluster_id
              JOIN gpu_device d ON d.id = sl.device_id JOIN ai_node n ON n.id = d.node_id
              WHERE c.name = $1 AND rp.namespace = $2 AND sl.state = 'PRESENT' AND %2$s
            ), gpus AS (
              SELECT uuid, gpu_instance_id, array_agg(DISTINCT pod ORDER BY pod) AS pods,
                     min(node_name) AS reported_node
              FROM held GROUP BY uuid, gpu_instance_id
            )
            SELECT g.uuid, g.gpu_instance_id, g.pods, coalesce(n.name, g.reported_node) AS node,
                   coalesce(d.health, 'UNKNOWN') AS health, d.health_reason, d.health_at,
                   coalesce(n.health, 'UNKNOWN') AS node_health, n.health_reason AS node_reason
            FROM gpus g LEFT JOIN gpu_device d ON d.uuid = g.uuid LEFT JOIN ai_node n ON n.id = d.node_id""";
    private static final String BY_NAMES = HELD.formatted("s.pod = ANY($3)", "sl.pod = ANY($3)");
    private static final String BY_PREFIX = HELD.formatted("s.pod LIKE $3 ESCAPE '\\'", "sl.pod LIKE $3 ESCAPE '\\'");

    private final Pool pool;

    public JobHealthQueries(Pool pool) {
        this.pool = pool;
    }

    public Uni<List<HeldGpu>> byPodNames(String cluster, String namespace, List<String> pods) {
        return held(BY_NAMES, Tuple.of(cluster, namespace, pods.toArray(String[]::new)));
    }

    public Uni<List<HeldGpu>> byPodPrefix(String cluster, String namespace, String prefix) {
        return held(BY_PREFIX, Tuple.of(cluster, namespace, LikePattern.prefix(prefix)));
    }

    private Uni<List<HeldGpu>> held(String sql, Tuple parameters) {
        return pool.preparedQuery(sql).execute(parameters)
                .map(rows -> rows.stream().map(JobHealthQueries::heldGpu).toList());
    }

    private static HeldGpu heldGpu(Row row) {
        JobGpuView gpu = new JobGpuView(row.getString("uuid"), row.getString("node"),
                row.getInteger("gpu_instance_id"), Rows.strings(row, "pods"),
                row.getString("health"), row.getString("health_reason"), row.getOffsetDateTime("health_at"));
        return new HeldGpu(gpu, row.getString("node_health"), row.getString("node_reason"));
    }
}
