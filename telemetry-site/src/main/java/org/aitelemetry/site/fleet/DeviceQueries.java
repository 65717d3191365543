package org.aitelemetry.site.fleet;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;

/** Reads GPU devices with their latest readings; inventory, so visible to every telemetry role. */
@ApplicationScoped
public class DeviceQueries {

    static final Map<String, String> SORT_KEYS = Map.of("uuid", "d.uuid", "node", "n.name",
            "utilization", "d.utilization_percent", "health", "d.health");
    private static final PagedQuery LIST = new PagedQuery("""
            d.uuid, c.name AS cluster, n.name AS node, d.gpu_index, d.pci_bus_id, d.serial, g.product_name, d.vendor,
            d.mig_enabled, d.utilization_percent, d.memory_used_mib, d.memory_free_mib, d.power_watts,
            d.temperature_celsius, d.memory_temperature_celsius, d.energy_joules, d.readings_at, d.health,
            d.health_reason, d.health_at, d.state, d.last_seen_at""", """
            gpu_device d JOIN ai_node n ON n.id = d.node_id JOIN ai_cluster c ON c.id = n.cluster_id
            JOIN gpu g ON g.id = d.gpu_id""");
    /**
     * The joins name each device's node, cluster and model over NOT NULL foreign keys: they never drop or repeat a
     * device, so a filter on the device's own columns is counted on gpu_device alone, from its indexes: the 2,700
     * DEGRADED of 100,000 GPUs in 0.4 ms instead of 8–14 ms through the joins (benchmarks.md, Site API).
     */
    private static final PagedQuery LIST_COUNTED_ON_DEVICES = LIST.countedOn("gpu_device d");
    private static final String OF_NODE = """
            SELECT d.uuid, d.gpu_index, g.product_name, d.vendor, d.mig_enabled, d.utilization_percent, d.memory_used_mib,
                   d.memory_free_mib, d.power_watts, d.temperature_celsius, d.health, d.health_reason, d.state,
                   (SELECT count(*) FROM gpu_slice s WHERE s.device_id = d.id AND s.state = 'PRESENT') AS slices
            FROM gpu_device d JOIN gpu g ON g.id = d.gpu_id
            WHERE d.node_id = $1 ORDER BY d.gpu_index NULLS LAST, d.uuid""";

    private final Pool pool;

    public DeviceQueries(Pool pool) {
        this.pool = pool;
    }

    /**
     * Names are matched on the joined tables' indexed columns (ai_cluster.name, ai_node's (cluster_id, name) key,
     * gpu.product_name), and devices then reached through gpu_device's node_id and gpu_id indexes; AMD GPUs through
     * the partial index on the generated vendor column (V25).
     */
    Uni<Page<DeviceView>> list(DeviceFilter filter, String orderBy, PageRequest page) {
        FleetFilter fleet = filter.fleet();
        SqlFilter where = new SqlFilter().when(fleet.cluster(), "c.name = ?")
                .when(fleet.node(), "n.name = ?")
                .when(fleet.model(), "g.product_name = ?")
                .when(fleet.state(), "d.state = ?")
                .when(fleet.health(), "d.health = ?")
                .when(filter.vendor(), "d.vendor = ?");
        boolean filtersJoinedTables = fleet.cluster() != null || fleet.node() != null || fleet.model() != null;
        PagedQuery query = filtersJoinedTables ? LIST : LIST_COUNTED_ON_DEVICES;
        return query.run(pool, where, orderBy, page, DeviceQueries::view);
    }

    public Uni<DeviceView> byUuid(String uuid) {
        return LIST.first(pool, new SqlFilter().and("d.uuid = ?", uuid), DeviceQueries::view);
    }

    /** Every GPU of a node by index, with its present MIG slices counted: the node page's grid. */
    public Uni<List<NodeGpuCard>> ofNode(long nodeId) {
        return pool.preparedQuery(OF_NODE).execute(Tuple.of(nodeId)).map(rows -> Rows.all(rows, DeviceQueries::card));
    }

    private static DeviceView view(Row row) {
        return new DeviceView(row.getString("uuid"), row.getString("cluster"), row.getString("node"),
                row.getInteger("gpu_index"), row.getString("pci_bus_id"), row.getString("serial"),
                row.getString("product_name"), row.getString("vendor"), row.getBoolean("mig_enabled"),
                row.getDouble("utilization_percent"), row.getDouble("memory_used_mib"), row.getDouble("memory_free_mib"),
                row.getDouble("power_watts"), row.getDouble("temperature_celsius"),
                row.getDouble("memory_temperature_celsius"),
                row.getDouble("energy_joules"), row.getOffsetDateTime("readings_at"), row.getString("health"),
                row.getString("health_reason"), row.getOffsetDateTime("health_at"), row.getString("state"),
                row.getOffsetDateTime("last_seen_at"));
    }

    private static NodeGpuCard card(Row row) {
        return new NodeGpuCard(row.getString("uuid"), row.getInteger("gpu_index"), row.getString("product_name"),
                row.getString("vendor"), row.getBoolean("mig_enabled"), row.getLong("slices").intValue(), row.getDouble("utilization_percent"),
                row.getDouble("memory_used_mib"), row.getDouble("memory_free_mib"), row.getDouble("power_watts"),
                row.getDouble("temperature_celsius"), row.getString("health"), row.getString("health_reason"),
                row.getString("state"));
    }
}
