package org.aitelemetry.worker.sync;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The last step of {@link FleetWriter}: every entity of the source that the snapshot did not see misses one more
 * cycle, and becomes MISSING at the threshold. Only a complete snapshot may conclude that something is gone.
 */
final class StaleMarking {

    private final SqlConnection connection;
    private final long sourceId;
    private final FleetSnapshot snapshot;
    private final int missingAfterCycles;

    StaleMarking(SqlConnection connection, long sourceId, FleetSnapshot snapshot, int missingAfterCycles) {
        this.connection = connection;
        this.sourceId = sourceId;
        this.snapshot = snapshot;
        this.missingAfterCycles = missingAfterCycles;
    }

    Uni<WrittenIds> mark(WrittenIds written) {
        if (!snapshot.complete()) {
            return Uni.createFrom().item(written);
        }
        return markMissing(written, FleetSql.MARK_MISSING_CLUSTERS, seenClusterIds(written))
                .chain(next -> markMissing(next, FleetSql.MARK_MISSING_NODES, seen(next.nodes(), seenNodeKeys(next))))
                .chain(next -> markMissing(next, FleetSql.MARK_MISSING_PROJECTS,
                        seen(next.projects(), seenProjectKeys(next))))
                .chain(next -> markMissing(next, FleetSql.MARK_MISSING_DEVICES,
                        next.devices().values().toArray(Long[]::new)))
                .chain(next -> markMissing(next, FleetSql.MARK_MISSING_SLICES, next.slices().toArray(Long[]::new)))
                .chain(next -> markMissing(next, FleetSql.MARK_MISSING_VMS,
                        next.virtualMachines().toArray(Long[]::new)));
    }

    private Uni<WrittenIds> markMissing(WrittenIds written, String sql, Long[] seenIds) {
        return connection.preparedQuery(sql)
                .execute(Tuple.tuple().addLong(sourceId).addArrayOfLong(seenIds).addInteger(missingAfterCycles))
                .map(rows -> written.plusRows(rows.rowCount()));
    }

    private Long[] seenClusterIds(WrittenIds written) {
        return snapshot.clusters().keySet().stream().map(written.clusters()::get).toArray(Long[]::new);
    }

    private List<ClusterScopedKey> seenNodeKeys(WrittenIds written) {
        List<ClusterScopedKey> keys = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.nodes().keySet()
                .forEach(node -> keys.add(written.key(cluster.name(), node))));
        return keys;
    }

    private List<ClusterScopedKey> seenProjectKeys(WrittenIds written) {
        List<ClusterScopedKey> keys = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.projects().keySet()
                .forEach(namespace -> keys.add(written.key(cluster.name(), namespace))));
        return keys;
    }

    private static Long[] seen(Map<ClusterScopedKey, Long> ids, List<ClusterScopedKey> keys) {
        return keys.stream().map(ids::get).filter(Objects::nonNull).toArray(Long[]::new);
    }
}
