package org.aitelemetry.site.page;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.site.api.Rows;
import java.util.List;

/** The node page's GPU grid: every GPU of a node by index, with its present MIG slices counted. Inventory. */
@ApplicationScoped
public class NodeGpuQueries {

    private static final String GPUS = """
            SELECT d.uuid, d.gpu_index, g.product_name, d.mig_enabled, d.utilization_percent, d.memory_used_mib,
                   d.memory_free_mib, d.power_watts, d.temperature_celsius, d.health, d.health_reason, d.state,
                   (SELECT count(*) FROM gpu_slice s WHERE s.device_id = d.id AND s.state = 'PRESENT') AS slices
            FROM gpu_device d JOIN gpu g ON g.id = d.gpu_id
            WHERE d.node_id = $1 ORDER BY d.gpu_index NULLS LAST, d.uuid""";

    private final Pool pool;

    public NodeGpuQueries(Pool pool) {
        this.pool = pool;
    }

    public Uni<List<NodeGpuCard>> gpus(long nodeId) {
        return pool.preparedQuery(GPUS).execute(Tuple.of(nodeId))
                .map(rows -> Rows.all(rows, NodeGpuQueries::card));
    }

    private static NodeGpuCard card(Row row) {
        return new NodeGpuCard(row.getString("uuid"), row.getInteger("gpu_index"), row.getString("product_name"),
                row.getBoolean("mig_enabled"), row.getLong("slices").intValue(), row.getDouble("utilization_percent"),
                row.getDouble("memory_used_mib"), row.getDouble("memory_free_mib"), row.getDouble("power_watts"),
                row.getDouble("temperature_celsius"), row.getString("health"), row.getString("health_reason"),
                row.getString("state"));
    }
}
