package org.aitelemetry.worker.sync;

import static org.aitelemetry.worker.sync.Columns.bigint;
import static org.aitelemetry.worker.sync.Columns.bool;
import static org.aitelemetry.worker.sync.Columns.float8;
import static org.aitelemetry.worker.sync.Columns.integer;
import static org.aitelemetry.worker.sync.Columns.text;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.aitelemetry.model.fleet.SyncStatus;
import org.aitelemetry.worker.sync.FleetSnapshot.ClusterObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.DeviceObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.NodeObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.ProjectObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.SliceObservation;

/**
 * Writes one source's snapshot in batched statements inside the caller's transaction: clusters, SKUs, nodes, projects,
 * devices, slices, then (only for a complete snapshot) the stale marking. Returns the number of rows it changed.
 */
final class FleetWriter {

    /** How stale {@code last_seen_at} may get before an unchanged row is rewritten just to refresh it. */
    static final Duration LAST_SEEN_HEARTBEAT = Duration.ofMinutes(10);

    private static final ObjectMapper JSON = new ObjectMapper();

    private record NodeRow(long clusterId, NodeObservation node) {
    }

    private record ProjectRow(long clusterId, ProjectObservation project) {
    }

    private record DeviceRow(long nodeId, long gpuId, DeviceObservation device) {
    }

    private record SliceRow(long deviceId, Long projectId, SliceObservation slice) {
    }

    private final SqlConnection connection;
    private final long sourceId;
    private final FleetSnapshot snapshot;
    private final OffsetDateTime now;
    private final int missingAfterCycles;
    private final int heartbeatSeconds = (int) LAST_SEEN_HEARTBEAT.toSeconds();
    private final AtomicInteger rowsWritten = new AtomicInteger();
    private Map<String, Long> clusterIds;
    private Map<String, Long> skuIds;
    private Map<String, Long> nodeIds;
    private Map<String, Long> projectIds;
    private Map<String, Long> deviceIds;
    private List<Long> sliceIds;

    FleetWriter(SqlConnection connection, long sourceId, FleetSnapshot snapshot, Instant now, int missingAfterCycles) {
        this.connection = connection;
        this.sourceId = sourceId;
        this.snapshot = snapshot;
        this.now = now.atOffset(ZoneOffset.UTC);
        this.missingAfterCycles = missingAfterCycles;
    }

    /** Runs once per writer: parents first, as each step needs the ids of the one before. */
    Uni<Integer> write() {
        return upsertClusters()
                .chain(ids -> upsertSkus().invoke(skus -> { clusterIds = ids; skuIds = skus; }))
                .chain(this::upsertNodes).invoke(ids -> nodeIds = ids)
                .chain(this::upsertProjects).invoke(ids -> projectIds = ids)
                .chain(this::upsertDevices).invoke(ids -> deviceIds = ids)
                .chain(this::upsertSlices).invoke(ids -> sliceIds = ids)
                .chain(this::markUnseenMissing)
                .map(ignored -> rowsWritten.get());
    }

    private Uni<Map<String, Long>> upsertClusters() {
        List<ClusterObservation> clusters = new ArrayList<>(snapshot.clusters().values());
        SyncStatus status = snapshot.complete() ? SyncStatus.OK : SyncStatus.INCOMPLETE;
        return execute(FleetSql.UPSERT_CLUSTERS, Tuple.tuple().addLong(sourceId)
                .addArrayOfString(text(clusters, ClusterObservation::name))
                .addArrayOfInteger(integer(clusters, c -> c.nodes().size()))
                .addArrayOfInteger(integer(clusters, c -> c.devices().size()))
                .addArrayOfInteger(integer(clusters, c -> c.slices().size()))
                .addValue(now).addString(status.name())
                .addArrayOfString(text(clusters, c -> String.join("|", new TreeSet<>(c.devices().values().stream()
                        .map(DeviceObservation::model).toList())))))
                .chain(() -> connection.preparedQuery(FleetSql.CLUSTER_IDS).execute(Tuple.of(sourceId)))
                .map(rows -> collect(rows, row -> row.getString("name")));
    }

    private Uni<Map<String, Long>> upsertSkus() {
        String[] models = snapshot.clusters().values().stream().flatMap(c -> c.devices().values().stream())
                .map(DeviceObservation::model).distinct().toArray(String[]::new);
        return execute(FleetSql.INSERT_UNKNOWN_SKUS, Tuple.tuple().addArrayOfString(models))
                .chain(() -> connection.preparedQuery(FleetSql.SKU_IDS).execute(Tuple.tuple().addArrayOfString(models)))
                .map(rows -> collect(rows, row -> row.getString("product_name")));
    }

    private Uni<Map<String, Long>> upsertNodes() {
        List<NodeRow> rows = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.nodes().values()
                .forEach(node -> rows.add(new NodeRow(clusterIds.get(cluster.name()), node))));
        return execute(FleetSql.UPSERT_NODES, Tuple.tuple()
                .addArrayOfLong(bigint(rows, NodeRow::clusterId))
                .addArrayOfString(text(rows, r -> r.node().name()))
                .addArrayOfInteger(integer(rows, r -> r.node().gpuCount()))
                .addArrayOfString(text(rows, r -> r.node().gpuProduct()))
                .addArrayOfString(text(rows, r -> r.node().driverVersion()))
                .addArrayOfString(text(rows, r -> r.node().cudaVersion()))
                .addArrayOfString(text(rows, r -> r.node().kernelVersion()))
                .addArrayOfString(text(rows, r -> r.node().osImage()))
                .addValue(now).addInteger(heartbeatSeconds))
                .chain(() -> connection.preparedQuery(FleetSql.NODE_IDS).execute(Tuple.of(sourceId)))
                .map(result -> collect(result, row -> row.getLong("cluster_id") + "/" + row.getString("name")));
    }

    private Uni<Map<String, Long>> upsertProjects() {
        List<ProjectRow> rows = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.projects().values()
                .forEach(project -> rows.add(new ProjectRow(clusterIds.get(cluster.name()), project))));
        return execute(FleetSql.UPSERT_PROJECTS, Tuple.tuple()
                .addArrayOfLong(bigint(rows, ProjectRow::clusterId))
                .addArrayOfString(text(rows, r -> r.project().namespace()))
                .addArrayOfDouble(float8(rows, r -> r.project().gpusRequested()))
                .addArrayOfString(text(rows, r -> json(r.project().migRequested())))
                .addArrayOfInteger(integer(rows, r -> r.project().restartingPods()))
                .addArrayOfInteger(integer(rows, r -> r.project().terminatingPods()))
                .addArrayOfInteger(integer(rows, r -> r.project().fullPvcs()))
                .addArrayOfBoolean(bool(rows, r -> r.project().vllmDetected()))
                .addValue(now).addInteger(heartbeatSeconds))
                .chain(() -> connection.preparedQuery(FleetSql.PROJECT_IDS).execute(Tuple.of(sourceId)))
                .map(result -> collect(result, row -> row.getLong("cluster_id") + "/" + row.getString("namespace")));
    }

    private Uni<Map<String, Long>> upsertDevices() {
        List<DeviceRow> rows = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.devices().values().forEach(device -> rows.add(
                new DeviceRow(nodeIds.get(clusterIds.get(cluster.name()) + "/" + device.node()), skuIds.get(device.model()),
                        device))));
        return execute(FleetSql.UPSERT_DEVICES, Tuple.tuple()
                .addArrayOfString(text(rows, r -> r.device().uuid()))
                .addArrayOfLong(bigint(rows, DeviceRow::nodeId))
                .addArrayOfLong(bigint(rows, DeviceRow::gpuId))
                .addArrayOfInteger(integer(rows, r -> r.device().index()))
                .addArrayOfString(text(rows, r -> r.device().pciBusId()))
                .addArrayOfBoolean(bool(rows, r -> r.device().migEnabled()))
                .addArrayOfDouble(float8(rows, r -> r.device().readings().utilizationPercent()))
                .addArrayOfDouble(float8(rows, r -> r.device().readings().memoryUsedMib()))
                .addArrayOfDouble(float8(rows, r -> r.device().readings().memoryFreeMib()))
                .addArrayOfDouble(float8(rows, r -> r.device().readings().powerWatts()))
                .addArrayOfDouble(float8(rows, r -> r.device().readings().temperatureCelsius()))
                .addArrayOfDouble(float8(rows, r -> r.device().readings().memoryTemperatureCelsius()))
                .addArrayOfDouble(float8(rows, r -> r.device().readings().energyJoules()))
                .addValue(now).addInteger(heartbeatSeconds))
                .chain(() -> connection.preparedQuery(FleetSql.DEVICE_IDS)
                        .execute(Tuple.tuple().addArrayOfString(text(rows, r -> r.device().uuid()))))
                .map(result -> collect(result, row -> row.getString("uuid")));
    }

    private Uni<List<Long>> upsertSlices() {
        List<SliceRow> rows = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.slices().values().forEach(slice -> rows.add(
                new SliceRow(deviceIds.get(slice.key().deviceUuid()),
                        slice.namespace() == null ? null : projectIds.get(clusterIds.get(cluster.name()) + "/" + slice.namespace()),
                        slice))));
        return execute(FleetSql.UPSERT_SLICES, Tuple.tuple()
                .addArrayOfLong(bigint(rows, SliceRow::deviceId))
                .addArrayOfInteger(integer(rows, r -> r.slice().key().gpuInstanceId()))
                .addArrayOfString(text(rows, r -> r.slice().profile()))
                .addArrayOfDouble(float8(rows, r -> r.slice().engineActive()))
                .addArrayOfDouble(float8(rows, r -> r.slice().memoryUsedMib()))
                .addArrayOfDouble(float8(rows, r -> r.slice().memoryFreeMib()))
                .addArrayOfLong(bigint(rows, SliceRow::projectId))
                .addArrayOfString(text(rows, r -> r.slice().pod()))
                .addArrayOfString(text(rows, r -> r.slice().container()))
                .addValue(now).addInteger(heartbeatSeconds))
                .chain(() -> connection.preparedQuery("""
                        SELECT s.id FROM gpu_slice s JOIN unnest($1::bigint[], $2::int[]) AS k(device_id, instance)
                        ON s.device_id = k.device_id AND s.gpu_instance_id = k.instance""")
                        .execute(Tuple.tuple().addArrayOfLong(bigint(rows, SliceRow::deviceId))
                                .addArrayOfInteger(integer(rows, r -> r.slice().key().gpuInstanceId()))))
                .map(result -> {
                    List<Long> ids = new ArrayList<>();
                    result.forEach(row -> ids.add(row.getLong("id")));
                    return ids;
                });
    }

    /** Only a complete snapshot may conclude that something is gone. */
    private Uni<Void> markUnseenMissing() {
        if (!snapshot.complete()) {
            return Uni.createFrom().voidItem();
        }
        return markMissing(FleetSql.MARK_MISSING_CLUSTERS, seenClusterIds(clusterIds))
                .chain(() -> markMissing(FleetSql.MARK_MISSING_NODES, seen(nodeIds, seenNodeKeys(clusterIds))))
                .chain(() -> markMissing(FleetSql.MARK_MISSING_PROJECTS, seen(projectIds, seenProjectKeys(clusterIds))))
                .chain(() -> markMissing(FleetSql.MARK_MISSING_DEVICES, deviceIds.values().toArray(Long[]::new)))
                .chain(() -> markMissing(FleetSql.MARK_MISSING_SLICES, sliceIds.toArray(Long[]::new)))
                .replaceWithVoid();
    }

    private Uni<RowSet<Row>> markMissing(String sql, Long[] seenIds) {
        return execute(sql, Tuple.tuple().addLong(sourceId).addArrayOfLong(seenIds).addInteger(missingAfterCycles));
    }

    private Long[] seenClusterIds(Map<String, Long> clusterIds) {
        return snapshot.clusters().keySet().stream().map(clusterIds::get).toArray(Long[]::new);
    }

    private List<String> seenNodeKeys(Map<String, Long> clusterIds) {
        List<String> keys = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.nodes().keySet()
                .forEach(node -> keys.add(clusterIds.get(cluster.name()) + "/" + node)));
        return keys;
    }

    private List<String> seenProjectKeys(Map<String, Long> clusterIds) {
        List<String> keys = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.projects().keySet()
                .forEach(namespace -> keys.add(clusterIds.get(cluster.name()) + "/" + namespace)));
        return keys;
    }

    private static Long[] seen(Map<String, Long> ids, List<String> keys) {
        return keys.stream().map(ids::get).filter(Objects::nonNull).toArray(Long[]::new);
    }

    private Uni<RowSet<Row>> execute(String sql, Tuple arguments) {
        return connection.preparedQuery(sql).execute(arguments).invoke(rows -> rowsWritten.addAndGet(rows.rowCount()));
    }

    private static Map<String, Long> collect(RowSet<Row> rows, Function<Row, String> key) {
        Map<String, Long> ids = new HashMap<>();
        rows.forEach(row -> ids.put(key.apply(row), row.getLong("id")));
        return ids;
    }

    private static String json(Map<String, Integer> value) {
        try {
            return JSON.writeValueAsString(new TreeMap<>(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value, e);
        }
    }
}
