package org.aitelemetry.worker.probe;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.List;

/** Fleet rows the sync would have stored: a cluster, and nodes with H100s, for probe runs to be scored against. */
final class ProbeFleet {

    private final Pool pool;
    private final long cluster;
    private final long sku;

    ProbeFleet(Pool pool, String clusterName) {
        this.pool = pool;
        long source = id("""
                INSERT INTO metric_source (name, url, auth_mode) VALUES ($1, 'http://prometheus.example', 'NONE')
                RETURNING id""", clusterName);
        this.cluster = id("INSERT INTO ai_cluster (source_id, name) VALUES ($1, $2) RETURNING id", source, clusterName);
        this.sku = id("""
                INSERT INTO gpu (product_name) VALUES ('NVIDIA H100 80GB HBM3')
                ON CONFLICT (product_name) DO UPDATE SET product_name = EXCLUDED.product_name RETURNING id""");
    }

    /** A node with one GPU per UUID, indexed in order; returns the node's id. */
    long node(String name, List<String> gpuUuids) {
        long node = id("INSERT INTO ai_node (cluster_id, name) VALUES ($1, $2) RETURNING id", cluster, name);
        for (int index = 0; index < gpuUuids.size(); index++) {
            id("INSERT INTO gpu_device (uuid, node_id, gpu_id, gpu_index) VALUES ($1, $2, $3, $4) RETURNING id",
                    gpuUuids.get(index), node, sku, index);
        }
        return node;
    }

    private long id(String sql, Object... parameters) {
        return pool.preparedQuery(sql).executeAndAwait(Tuple.from(parameters)).iterator().next().getLong(0);
    }
}
