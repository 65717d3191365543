package org.aitelemetry.site.fleet;

import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;

/** Reads GPU nodes; inventory, so visible to every telemetry role. */
@ApplicationScoped
public class NodeQueries {

    static final Map<String, String> SORT_KEYS = Map.of("name", "n.name", "health", "n.health",
            "lastSeenAt", "n.last_seen_at");
    private static final PagedQuery LIST = new PagedQuery("""
            n.id, c.name AS cluster, n.name, n.gpu_count, n.gpu_product, n.driver_version, n.cuda_version,
            n.kernel_version, n.os_image, n.labels, n.health, n.health_reason, n.health_at, n.taint_state,
            n.taint_reason, n.taint_changed_at, n.state, n.last_seen_at""",
            "ai_node n JOIN ai_cluster c ON c.id = n.cluster_id");
    /** The ids pages link by, which the views name only by name (unique per metric source, not across sources). */
    private static final String ADDRESS = """
            SELECT c.id AS cluster_id, c.name AS cluster, n.id AS node_id, n.name AS node
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id""";
    private static final String ADDRESS_OF_NODE = ADDRESS + " WHERE n.id = $1";
    private static final String ADDRESS_OF_DEVICE = ADDRESS
            + " JOIN gpu_device d ON d.node_id = n.id WHERE d.uuid = $1";

    private final Pool pool;

    public NodeQueries(Pool pool) {
        this.pool = pool;
    }

    /** The cluster filter goes through ai_cluster's name index, then ai_node's (cluster_id, name) key. */
    Uni<Page<NodeView>> list(FleetFilter filter, String taintState, String orderBy, PageRequest page) {
        SqlFilter where = new SqlFilter().when(filter.cluster(), "c.name = ?")
                .when(filter.model(), "n.gpu_product = ?")
                .when(filter.state(), "n.state = ?")
                .when(filter.health(), "n.health = ?")
                .when(taintState, "n.taint_state = ?");
        return LIST.run(pool, where, orderBy, page, NodeQueries::view);
    }

    public Uni<NodeView> byId(long id) {
        return LIST.first(pool, new SqlFilter().and("n.id = ?", id), NodeQueries::view);
    }

    /** The node's address, or null when there is no such node. */
    public Uni<NodeAddress> addressOf(long nodeId) {
        return pool.preparedQuery(ADDRESS_OF_NODE).execute(Tuple.of(nodeId))
                .map(rows -> Rows.first(rows, NodeQueries::address));
    }

    /** The address of the node holding the GPU, or null when there is no such GPU. */
    public Uni<NodeAddress> addressOfDevice(String uuid) {
        return pool.preparedQuery(ADDRESS_OF_DEVICE).execute(Tuple.of(uuid))
                .map(rows -> Rows.first(rows, NodeQueries::address));
    }

    private static NodeView view(Row row) {
        return new NodeView(row.getLong("id"), row.getString("cluster"), row.getString("name"),
                row.getInteger("gpu_count"), row.getString("gpu_product"), row.getString("driver_version"),
                row.getString("cuda_version"), row.getString("kernel_version"), row.getString("os_image"),
                labels(row.getJsonObject("labels")), row.getString("health"), row.getString("health_reason"),
                row.getOffsetDateTime("health_at"), row.getString("taint_state"), row.getString("taint_reason"),
                row.getOffsetDateTime("taint_changed_at"), row.getString("state"),
                row.getOffsetDateTime("last_seen_at"));
    }

    private static NodeAddress address(Row row) {
        return new NodeAddress(row.getLong("cluster_id"), row.getString("cluster"), row.getLong("node_id"),
                row.getString("node"));
    }

    /** Labels are strings in Kubernetes; anything else the source stored is shown as its JSON text. */
    private static Map<String, String> labels(JsonObject json) {
        Map<String, String> labels = new LinkedHashMap<>();
        if (json != null) {
            json.forEach(entry -> labels.put(entry.getKey(), String.valueOf(entry.getValue())));
        }
        return labels;
    }
}
