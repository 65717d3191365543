package org.aitelemetry.worker.usage;

import static org.aitelemetry.worker.sql.Columns.bigint;
import static org.aitelemetry.worker.sql.Columns.float8;
import static org.aitelemetry.worker.sql.Columns.text;
import static org.aitelemetry.worker.sql.SqlValues.instant;
import static org.aitelemetry.worker.sql.SqlValues.list;
import static org.aitelemetry.worker.sql.SqlValues.utc;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.aitelemetry.worker.usage.KnownEntities.Device;
import org.aitelemetry.worker.usage.KnownEntities.ProjectKey;
import org.aitelemetry.worker.usage.KnownEntities.Slice;
import org.aitelemetry.worker.usage.KnownEntities.Vm;
import org.aitelemetry.worker.usage.KnownEntities.VmKey;

/**
 * One source's rollup data in PostgreSQL, on the caller's transaction (which holds the source's lock): its entities,
 * its rows.
 */
final class RollupStore {

    /** Rows per upsert statement: one statement for most hours, bounded for very large fleets. */
    private static final int BATCH_SIZE = 5000;

    private final SqlConnection connection;
    private final long sourceId;

    RollupStore(SqlConnection connection, long sourceId) {
        this.connection = connection;
        this.sourceId = sourceId;
    }

    Uni<KnownEntities> entities() {
        Tuple source = Tuple.of(sourceId);
        return connection.preparedQuery(UsageSql.DEVICES).execute(source)
                .map(rows -> list(rows, row -> new Device(row.getLong("id"), row.getString("uuid"),
                        row.getLong("cluster_id"), row.getString("product_name"))))
                .chain(devices -> connection.preparedQuery(UsageSql.SLICES).execute(source)
                        .map(rows -> list(rows, row -> new Slice(row.getLong("id"), row.getLong("device_id"),
                                row.getInteger("gpu_instance_id"), row.getString("profile"))))
                        .chain(slices -> connection.preparedQuery(UsageSql.PROJECTS).execute(source)
                                .map(RollupStore::projects)
                                .chain(projects -> connection.preparedQuery(UsageSql.VMS).execute(source)
                                        .map(rows -> list(rows, RollupStore::vm))
                                        .map(vms -> KnownEntities.of(devices, slices, projects, vms)))));
    }

    Uni<Set<Instant>> rolledUpHours(Instant since) {
        return connection.preparedQuery(UsageSql.ROLLED_UP_HOURS).execute(Tuple.of(sourceId, utc(since)))
                .map(rows -> new HashSet<>(list(rows, row -> instant(row, "hour"))));
    }

    /** Marks the hour done in this transaction: its rows (if any) are written. */
    Uni<Void> markDone(Instant hour) {
        return connection.preparedQuery(UsageSql.MARK_HOUR).execute(Tuple.of(sourceId, utc(hour))).replaceWithVoid();
    }

    /** Notes how far back the source holds wholly ({@code horizonFrom}) as of {@code now}, for statements. */
    Uni<Void> checked(Instant horizonFrom, Instant now) {
        return connection.preparedQuery(UsageSql.CHECKED).execute(Tuple.of(sourceId, utc(horizonFrom), utc(now)))
                .replaceWithVoid();
    }

    /**
     * Upserts an hour's rows, then recomputes their day's daily rows from the hourly ones; returns how many hourly
     * rows were inserted or changed.
     */
    Uni<Integer> upsert(Instant hour, List<RollupRow> rows) {
        List<List<RollupRow>> batches = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += BATCH_SIZE) {
            batches.add(rows.subList(from, Math.min(rows.size(), from + BATCH_SIZE)));
        }
        return connection.preparedQuery(DailyRollupSql.ENSURE_MONTH).execute(Tuple.of(utc(hour)))
                .chain(() -> Multi.createFrom().iterable(batches)
                        .onItem().transformToUniAndConcatenate(batch -> connection.preparedQuery(UsageSql.UPSERT)
                                .execute(batchTuple(hour, batch)).map(RowSet::rowCount))
                        .collect().with(Collectors.summingInt(Integer::intValue)))
                .call(() -> connection.preparedQuery(DailyRollupSql.REFRESH_DAY).execute(Tuple.tuple()
                        .addValue(utc(hour)).addArrayOfString(text(rows, row -> row.kind().name()))
                        .addArrayOfLong(bigint(rows, RollupRow::entityId))));
    }

    private static Tuple batchTuple(Instant hour, List<RollupRow> rows) {
        return Tuple.tuple().addValue(utc(hour))
                .addArrayOfString(text(rows, row -> row.kind().name()))
                .addArrayOfLong(bigint(rows, RollupRow::entityId))
                .addArrayOfLong(bigint(rows, RollupRow::clusterId))
                .addArrayOfDouble(float8(rows, row -> row.usage().allocatedGpuSeconds()))
                .addArrayOfDouble(float8(rows, row -> row.usage().usedGpuSeconds()))
                .addArrayOfDouble(float8(rows, row -> row.usage().idleGpuSeconds()))
                .addArrayOfDouble(float8(rows, row -> row.usage().utilizationPercent()))
                .addArrayOfDouble(float8(rows, row -> row.usage().energyJoules()))
                .addArrayOfDouble(float8(rows, row -> row.cost().allocation()))
                .addArrayOfDouble(float8(rows, row -> row.cost().usage()))
                .addArrayOfDouble(float8(rows, row -> row.usage().unmeteredGpuSeconds()));
    }

    private static Vm vm(Row row) {
        return new Vm(row.getLong("id"), row.getLong("cluster_id"), row.getLong("project_id"),
                new VmKey(row.getString("cluster"), row.getString("namespace"), row.getString("name")),
                row.getString("gpu_model"));
    }

    private static Map<ProjectKey, Long> projects(RowSet<Row> rows) {
        Map<ProjectKey, Long> projects = new HashMap<>();
        rows.forEach(row -> projects.put(new ProjectKey(row.getLong("cluster_id"), row.getString("namespace")),
                row.getLong("id")));
        return projects;
    }
}
