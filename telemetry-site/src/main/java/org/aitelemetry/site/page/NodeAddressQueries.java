package org.aitelemetry.site.page;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.site.api.Rows;

/**
 * The ids of a node and its cluster, which the API's views name only by name (names are unique per metric source, not
 * across sources): inventory, visible to every role.
 */
@ApplicationScoped
public class NodeAddressQueries {

    private static final String SELECT = """
            SELECT c.id AS cluster_id, c.name AS cluster, n.id AS node_id, n.name AS node
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id""";
    private static final String OF_NODE = SELECT + " WHERE n.id = $1";
    private static final String OF_DEVICE = SELECT + " JOIN gpu_device d ON d.node_id = n.id WHERE d.uuid = $1";

    private final Pool pool;

    public NodeAddressQueries(Pool pool) {
        this.pool = pool;
    }

    /** The node's address, or null when there is no such node. */
    public Uni<NodeAddress> ofNode(long nodeId) {
        return pool.preparedQuery(OF_NODE).execute(Tuple.of(nodeId)).map(rows -> Rows.first(rows, this::address));
    }

    /** The address of the node holding the GPU, or null when there is no such GPU. */
    public Uni<NodeAddress> ofDevice(String uuid) {
        return pool.preparedQuery(OF_DEVICE).execute(Tuple.of(uuid)).map(rows -> Rows.first(rows, this::address));
    }

    private NodeAddress address(Row row) {
        return new NodeAddress(row.getLong("cluster_id"), row.getString("cluster"), row.getLong("node_id"),
                row.getString("node"));
    }
}
