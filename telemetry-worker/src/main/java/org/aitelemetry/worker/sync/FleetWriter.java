package org.aitelemetry.worker.sync;

import static org.aitelemetry.worker.sql.Columns.bigint;
import static org.aitelemetry.worker.sql.Columns.bool;
import static org.aitelemetry.worker.sql.Columns.float8;
import static org.aitelemetry.worker.sql.Columns.integer;
import static org.aitelemetry.worker.sql.Columns.text;
import static org.aitelemetry.worker.sql.SqlValues.json;
import static org.aitelemetry.worker.sql.SqlValues.list;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.aitelemetry.model.fleet.SyncStatus;
import org.aitelemetry.worker.sql.SqlValues;
import org.aitelemetry.worker.sync.FleetSnapshot.ClusterObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.DeviceObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.NodeObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.ProjectObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.SliceObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.VmObservation;

/**
 * Writes one source's snapshot in batched statements inside the caller's transaction: clusters, SKUs, nodes, projects,
 * devices, slices, VMs, statistics for tables that have none yet, then (only for a complete snapshot) the stale
 * marking. Returns the number of rows it changed.
 */
final class FleetWriter {

    /** How stale {@code last_seen_at} may get before an unchanged row is rewritten just to refresh it. */
    static final Duration LAST_SEEN_HEARTBEAT = Duration.ofMinutes(10);

    private record NodeRow(long clusterId, NodeObservation node) {
    }

    private record ProjectRow(long clusterId, ProjectObservation project) {
    }

    private record DeviceRow(long nodeId, long gpuId, DeviceObservation device) {
    }

    private record SliceRow(long deviceId, Long projectId, SliceObservation slice) {
    }

    private record VmRow(long clusterId, long projectId, VmObservation vm) {
    }

    private final SqlConnection connection;
    private final long sourceId;
    private final FleetSnapshot snapshot;
    private final OffsetDateTime now;
    private final int missingAfterCycles;
    private final int heartbeatSeconds = (int) LAST_SEEN_HEARTBEAT.toSeconds();

    FleetWriter(SqlConnection connection, long sourceId, FleetSnapshot snapshot, Instant now, int missingAfterCycles) {
        this.connection = connection;
        this.sourceId = sourceId;
        this.snapshot = snapshot;
        this.now = SqlValues.utc(now);
        this.missingAfterCycles = missingAfterCycles;
    }

    /** Parents first: each step links to the ids the steps before it wrote. */
    Uni<Integer> write() {
        return upsertClusters(WrittenIds.NONE)
                .chain(this::upsertSkus)
                .chain(this::upsertNodes)
                .chain(this::upsertProjects)
                .chain(this::upsertDevices)
                .chain(this::upsertSlices)
                .chain(this::upsertVirtualMachines)
                .call(written -> new PlannerStatistics(connection).gatherWhereMissing())
                .chain(written -> new StaleMarking(connection, sourceId, snapshot, missingAfterCycles).mark(written))
                .map(WrittenIds::rowsChanged);
    }

    private Uni<WrittenIds> upsertClusters(WrittenIds written) {
        List<ClusterObservation> clusters = new ArrayList<>(snapshot.clusters().values());
        SyncStatus status = snapshot.complete() ? SyncStatus.OK : SyncStatus.INCOMPLETE;
        return execute(written, FleetSql.UPSERT_CLUSTERS, Tuple.tuple().addLong(sourceId)
                .addArrayOfString(text(clusters, ClusterObservation::name))
                .addArrayOfInteger(integer(clusters, c -> c.nodes().size()))
                .addArrayOfInteger(integer(clusters, c -> c.devices().size()))
                .addArrayOfInteger(integer(clusters, c -> c.slices().size()))
                .addValue(now).addString(status.name())
                .addArrayOfString(text(clusters, c -> String.join("|", new TreeSet<>(c.devices().values().stream()
                        .map(DeviceObservation::model).toList()))))
                .addArrayOfString(text(clusters, c -> c.managedCluster().map(facts -> json(facts.stored()))
                        .orElse(null))))
                .chain(next -> connection.preparedQuery(FleetSql.CLUSTER_IDS).execute(Tuple.of(sourceId))
                        .map(rows -> next.withClusters(ids(rows, row -> row.getString("name")))));
    }

    private Uni<WrittenIds> upsertSkus(WrittenIds written) {
        String[] models = snapshot.clusters().values().stream().flatMap(c -> c.devices().values().stream())
                .map(DeviceObservation::model).distinct().toArray(String[]::new);
        return execute(written, FleetSql.INSERT_UNKNOWN_SKUS, Tuple.tuple().addArrayOfString(models))
                .chain(next -> connection.preparedQuery(FleetSql.SKU_IDS)
                        .execute(Tuple.tuple().addArrayOfString(models))
                        .map(rows -> next.withSkus(ids(rows, row -> row.getString("product_name")))));
    }

    private Uni<WrittenIds> upsertNodes(WrittenIds written) {
        List<NodeRow> rows = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.nodes().values()
                .forEach(node -> rows.add(new NodeRow(written.clusters().get(cluster.name()), node))));
        return execute(written, FleetSql.UPSERT_NODES, Tuple.tuple()
                .addArrayOfLong(bigint(rows, NodeRow::clusterId))
                .addArrayOfString(text(rows, r -> r.node().name()))
                .addArrayOfInteger(integer(rows, r -> r.node().gpuCount()))
                .addArrayOfString(text(rows, r -> r.node().gpuProduct()))
                .addArrayOfString(text(rows, r -> r.node().driverVersion()))
                .addArrayOfString(text(rows, r -> r.node().cudaVersion()))
                .addArrayOfString(text(rows, r -> r.node().kernelVersion()))
                .addArrayOfString(text(rows, r -> r.node().osImage()))
                .addValue(now).addInteger(heartbeatSeconds))
                .chain(next -> connection.preparedQuery(FleetSql.NODE_IDS).execute(Tuple.of(sourceId))
                        .map(result -> next.withNodes(ids(result, row -> ClusterScopedKey.of(row, "name")))));
    }

    private Uni<WrittenIds> upsertProjects(WrittenIds written) {
        List<ProjectRow> rows = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.projects().values()
                .forEach(project -> rows.add(new ProjectRow(written.clusters().get(cluster.name()), project))));
        return execute(written, FleetSql.UPSERT_PROJECTS, Tuple.tuple()
                .addArrayOfLong(bigint(rows, ProjectRow::clusterId))
                .addArrayOfString(text(rows, r -> r.project().namespace()))
                .addArrayOfDouble(float8(rows, r -> r.project().gpusRequested()))
                .addArrayOfString(text(rows, r -> json(r.project().migRequested())))
                .addArrayOfInteger(integer(rows, r -> r.project().restartingPods()))
                .addArrayOfInteger(integer(rows, r -> r.project().terminatingPods()))
                .addArrayOfInteger(integer(rows, r -> r.project().fullPvcs()))
                .addArrayOfBoolean(bool(rows, r -> r.project().vllmDetected()))
                .addArrayOfString(text(rows, r -> r.project().metadata().title()))
                .addArrayOfString(text(rows, r -> r.project().metadata().pi()))
                .addArrayOfString(text(rows, r -> r.project().metadata().institution()))
                .addArrayOfString(text(rows, r -> r.project().metadata().allocationId()))
                .addArrayOfString(text(rows, r -> r.project().metadata().allocationProjectId()))
                .addArrayOfString(text(rows, r -> r.project().metadata().fieldOfScience()))
                .addValue(now).addInteger(heartbeatSeconds))
                .chain(next -> connection.preparedQuery(FleetSql.PROJECT_IDS).execute(Tuple.of(sourceId))
                        .map(result -> next.withProjects(ids(result, row -> ClusterScopedKey.of(row, "namespace")))));
    }

    private Uni<WrittenIds> upsertDevices(WrittenIds written) {
        List<DeviceRow> rows = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.devices().values().forEach(device -> rows.add(
                new DeviceRow(written.nodes().get(written.key(cluster.name(), device.node())),
                        written.skus().get(device.model()), device))));
        return execute(written, FleetSql.UPSERT_DEVICES, Tuple.tuple()
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
                .chain(next -> connection.preparedQuery(FleetSql.DEVICE_IDS)
                        .execute(Tuple.tuple().addArrayOfString(text(rows, r -> r.device().uuid())))
                        .map(result -> next.withDevices(ids(result, row -> row.getString("uuid")))));
    }

    private Uni<WrittenIds> upsertSlices(WrittenIds written) {
        List<SliceRow> rows = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.slices().values().forEach(slice -> rows.add(
                new SliceRow(written.devices().get(slice.key().deviceUuid()), slice.namespace() == null ? null
                        : written.projects().get(written.key(cluster.name(), slice.namespace())), slice))));
        return execute(written, FleetSql.UPSERT_SLICES, Tuple.tuple()
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
                .chain(next -> connection.preparedQuery(FleetSql.SLICE_IDS)
                        .execute(Tuple.tuple().addArrayOfLong(bigint(rows, SliceRow::deviceId))
                                .addArrayOfInteger(integer(rows, r -> r.slice().key().gpuInstanceId())))
                        .map(result -> next.withSlices(list(result, row -> row.getLong("id")))));
    }

    private Uni<WrittenIds> upsertVirtualMachines(WrittenIds written) {
        List<VmRow> rows = new ArrayList<>();
        snapshot.clusters().values().forEach(cluster -> cluster.virtualMachines().values().forEach(vm -> rows.add(
                new VmRow(written.clusters().get(cluster.name()),
                        written.projects().get(written.key(cluster.name(), vm.key().namespace())), vm))));
        return execute(written, FleetSql.UPSERT_VMS, Tuple.tuple()
                .addArrayOfLong(bigint(rows, VmRow::clusterId))
                .addArrayOfLong(bigint(rows, VmRow::projectId))
                .addArrayOfString(text(rows, r -> r.vm().key().name()))
                .addArrayOfString(text(rows, r -> r.vm().launcherPod()))
                .addArrayOfString(text(rows, r -> r.vm().node()))
                .addArrayOfString(text(rows, r -> r.vm().gpuResource()))
                .addArrayOfString(text(rows, r -> r.vm().gpuModel()))
                .addArrayOfInteger(integer(rows, r -> r.vm().gpus()))
                .addArrayOfString(text(rows, r -> r.vm().phase()))
                .addArrayOfString(text(rows, r -> r.vm().guestOs()))
                .addArrayOfString(text(rows, r -> r.vm().instanceType()))
                .addValue(now).addInteger(heartbeatSeconds))
                .chain(next -> connection.preparedQuery(FleetSql.VM_IDS)
                        .execute(Tuple.tuple().addArrayOfLong(bigint(rows, VmRow::projectId))
                                .addArrayOfString(text(rows, r -> r.vm().key().name())))
                        .map(result -> next.withVirtualMachines(list(result, row -> row.getLong("id")))));
    }

    /** Runs a writing statement and counts the rows it changed. */
    private Uni<WrittenIds> execute(WrittenIds written, String sql, Tuple arguments) {
        return connection.preparedQuery(sql).execute(arguments).map(rows -> written.plusRows(rows.rowCount()));
    }

    private static <K> Map<K, Long> ids(RowSet<Row> rows, Function<Row, K> key) {
        Map<K, Long> ids = new HashMap<>();
        rows.forEach(row -> ids.put(key.apply(row), row.getLong("id")));
        return ids;
    }
}
