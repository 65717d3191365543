package org.aitelemetry.site.fleet;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import org.aitelemetry.site.api.LikePattern;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.fleet.FleetOverview.ClusterSummary;
import org.aitelemetry.site.project.BusyGpu;

/** Reads AI clusters. The inventory is visible to every telemetry role, so no project filter applies. */
@ApplicationScoped
public class ClusterQueries {

    static final Map<String, String> SORT_KEYS = Map.of("name", "c.name", "gpuCount", "c.gpu_count",
            "lastSyncAt", "c.last_sync_at");
    private static final PagedQuery LIST = new PagedQuery("""
            c.id, c.name, s.name AS source, c.node_count, c.gpu_count, c.slice_count, c.gpu_models, c.last_sync_at,
            c.sync_status, s.sync_message, c.state, c.last_seen_at, c.managed_cluster, c.managed_cluster_at""",
            "ai_cluster c JOIN metric_source s ON s.id = c.source_id");
    /** {@link BusyGpu} on a {@code gpu_device} row aliased {@code d}. */
    private static final String BUSY = "(d.utilization_percent >= " + BusyGpu.PERCENT + " OR (d.mig_enabled AND "
            + "EXISTS (SELECT 1 FROM gpu_slice s WHERE s.device_id = d.id AND s.engine_active >= " + BusyGpu.PERCENT
            + " / 100.0)))";
    private static final String SUMMARIES = """
            SELECT c.id, c.name, c.sync_status, c.last_sync_at, c.node_count,
                   count(d.id) FILTER (WHERE d.state = 'PRESENT') AS gpus,
                   count(d.id) FILTER (WHERE d.state = 'PRESENT' AND %s) AS busy,
                   count(d.id) FILTER (WHERE d.state = 'PRESENT' AND d.health IN ('DEGRADED', 'FAILED')) AS unhealthy,
                   count(d.id) FILTER (WHERE d.state = 'PRESENT' AND d.health IN ('UNSCORED', 'INCONCLUSIVE'))
                     AS unjudged
            FROM ai_cluster c LEFT JOIN ai_node n ON n.cluster_id = c.id LEFT JOIN gpu_device d ON d.node_id = n.id
            GROUP BY c.id ORDER BY c.name""".formatted(BUSY);
    /** GPUs present per vendor and model, through gpu_device's node_id index. */
    private static final String MODELS = """
            SELECT d.vendor, g.product_name, count(*) AS gpus
            FROM gpu_device d JOIN ai_node n ON n.id = d.node_id JOIN gpu g ON g.id = d.gpu_id
            WHERE d.state = 'PRESENT' AND ($1::bigint IS NULL OR n.cluster_id = $1)
            GROUP BY d.vendor, g.product_name ORDER BY d.vendor DESC, g.product_name""";
    /** The GPU counts are per-row subqueries, so the page's count query reads ai_node alone. */
    private static final PagedQuery NODES = new PagedQuery("""
            n.id, n.name, n.gpu_product, n.health, n.health_reason, n.state,
            (SELECT count(*) FROM gpu_device d WHERE d.node_id = n.id AND d.state = 'PRESENT') AS gpus,
            (SELECT count(*) FROM gpu_device d WHERE d.node_id = n.id AND d.state = 'PRESENT' AND %s) AS busy"""
            .formatted(BUSY), "ai_node n");

    private final Pool pool;

    public ClusterQueries(Pool pool) {
        this.pool = pool;
    }

    Uni<Page<ClusterView>> list(String state, String orderBy, PageRequest page) {
        SqlFilter filter = new SqlFilter().when(state, "c.state = ?");
        return LIST.run(pool, filter, orderBy, page, ClusterQueries::view);
    }

    public Uni<ClusterView> byId(long id) {
        return LIST.first(pool, new SqlFilter().and("c.id = ?", id), ClusterQueries::view);
    }

    /** Every cluster by name with its GPUs present, busy now, idle, degraded or failed, and unjudged. */
    public Uni<List<ClusterSummary>> summaries() {
        return pool.preparedQuery(SUMMARIES).execute().map(rows -> Rows.all(rows, ClusterQueries::summary));
    }

    /** GPUs present counted per vendor (NVIDIA first) and model, of one cluster or, with null, of the fleet. */
    public Uni<List<GpuModelCount>> modelCounts(Long clusterId) {
        return pool.preparedQuery(MODELS).execute(Tuple.of(clusterId)).map(rows -> Rows.all(rows,
                row -> new GpuModelCount(row.getString("vendor"), row.getString("product_name"),
                        row.getLong("gpus").intValue())));
    }

    /**
     * One page of a cluster's nodes by name, optionally those whose name contains a text, with their GPU counts:
     * through ai_node's (cluster_id, name) key, which also gives the order.
     */
    public Uni<Page<ClusterNodeRow>> nodes(long clusterId, String nameContains, PageRequest page) {
        SqlFilter filter = new SqlFilter().and("n.cluster_id = ?", clusterId)
                .when(nameContains == null ? null : LikePattern.contains(nameContains), "n.name LIKE ? ESCAPE '\\'");
        return NODES.run(pool, filter, "n.name, n.id", page, ClusterQueries::node);
    }

    private static ClusterView view(Row row) {
        return new ClusterView(row.getLong("id"), row.getString("name"), row.getString("source"),
                row.getInteger("node_count"), row.getInteger("gpu_count"), row.getInteger("slice_count"),
                Rows.strings(row, "gpu_models"), row.getOffsetDateTime("last_sync_at"), row.getString("sync_status"),
                row.getString("sync_message"), row.getString("state"), row.getOffsetDateTime("last_seen_at"),
                ManagedClusterView.of(row.getJsonObject("managed_cluster"),
                        row.getOffsetDateTime("managed_cluster_at")));
    }

    private static ClusterSummary summary(Row row) {
        return new ClusterSummary(row.getLong("id"), row.getString("name"), row.getString("sync_status"),
                row.getOffsetDateTime("last_sync_at"), row.getInteger("node_count"), row.getLong("gpus").intValue(),
                row.getLong("busy").intValue(), row.getLong("unhealthy").intValue(),
                row.getLong("unjudged").intValue());
    }

    private static ClusterNodeRow node(Row row) {
        return new ClusterNodeRow(row.getLong("id"), row.getString("name"), row.getString("gpu_product"),
                row.getLong("gpus").intValue(), row.getLong("busy").intValue(), row.getString("health"),
                row.getString("health_reason"), row.getString("state"));
    }
}
