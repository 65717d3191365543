package org.aitelemetry.site.fleet;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.SqlFilter;

/** Reads AI clusters. The inventory is visible to every telemetry role, so no project filter applies. */
@ApplicationScoped
public class ClusterQueries {

    static final Map<String, String> SORT_KEYS = Map.of("name", "c.name", "gpuCount", "c.gpu_count",
            "lastSyncAt", "c.last_sync_at");
    private static final PagedQuery LIST = new PagedQuery("""
            c.id, c.name, s.name AS source, c.node_count, c.gpu_count, c.slice_count, c.gpu_models, c.last_sync_at,
            c.sync_status, c.state, c.last_seen_at""", "ai_cluster c JOIN metric_source s ON s.id = c.source_id");

    private final Pool pool;

    public ClusterQueries(Pool pool) {
        this.pool = pool;
    }

    public Uni<Page<ClusterView>> list(String state, String orderBy, PageRequest page) {
        SqlFilter filter = new SqlFilter().when(state, "c.state = ?");
        return LIST.run(pool, filter, orderBy, page, ClusterQueries::view);
    }

    public Uni<ClusterView> byId(long id) {
        return LIST.first(pool, new SqlFilter().and("c.id = ?", id), ClusterQueries::view);
    }

    private static ClusterView view(Row row) {
        String[] models = row.getArrayOfStrings("gpu_models");
        List<String> gpuModels = models == null ? List.of() : Arrays.asList(models);
        return new ClusterView(row.getLong("id"), row.getString("name"), row.getString("source"),
                row.getInteger("node_count"), row.getInteger("gpu_count"), row.getInteger("slice_count"), gpuModels,
                row.getOffsetDateTime("last_sync_at"), row.getString("sync_status"), row.getString("state"),
                row.getOffsetDateTime("last_seen_at"));
    }
}
