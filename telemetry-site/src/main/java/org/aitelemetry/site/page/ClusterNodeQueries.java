package org.aitelemetry.site.page;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.site.api.LikePattern;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.SqlFilter;

/**
 * The cluster page's node table: one page of a cluster's nodes by name, optionally those whose name contains a text,
 * with their GPU counts. Inventory, visible to every role. The GPU counts are per-row subqueries, so the page's count
 * query reads ai_node alone.
 */
@ApplicationScoped
public class ClusterNodeQueries {

    private static final PagedQuery NODES = new PagedQuery("""
            n.id, n.name, n.gpu_product, n.health, n.health_reason, n.state,
            (SELECT count(*) FROM gpu_device d WHERE d.node_id = n.id AND d.state = 'PRESENT') AS gpus,
            (SELECT count(*) FROM gpu_device d WHERE d.node_id = n.id AND d.state = 'PRESENT' AND %s) AS busy"""
            .formatted(BusyGpu.CONDITION), "ai_node n");

    private final Pool pool;

    public ClusterNodeQueries(Pool pool) {
        this.pool = pool;
    }

    /** Through ai_node's (cluster_id, name) key, which also gives the order. */
    public Uni<Page<ClusterNodeRow>> nodes(long clusterId, String nameContains, PageRequest page) {
        SqlFilter filter = new SqlFilter().and("n.cluster_id = ?", clusterId)
                .when(nameContains == null ? null : LikePattern.contains(nameContains), "n.name LIKE ? ESCAPE '\\'");
        return NODES.run(pool, filter, "n.name, n.id", page, ClusterNodeQueries::row);
    }

    private static ClusterNodeRow row(Row row) {
        return new ClusterNodeRow(row.getLong("id"), row.getString("name"), row.getString("gpu_product"),
                row.getLong("gpus").intValue(), row.getLong("busy").intValue(), row.getString("health"),
                row.getString("health_reason"), row.getString("state"));
    }
}
