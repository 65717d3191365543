package org.aitelemetry.worker.sync;

import io.vertx.mutiny.sqlclient.Row;

/**
 * A node or project within its cluster: their names are unique only per cluster, so the writer finds their ids by
 * the cluster's id and the name.
 */
record ClusterScopedKey(long clusterId, String name) {

    /** The key of a row read with its {@code cluster_id} and its name in {@code nameColumn}. */
    static ClusterScopedKey of(Row row, String nameColumn) {
        return new ClusterScopedKey(row.getLong("cluster_id"), row.getString(nameColumn));
    }
}
