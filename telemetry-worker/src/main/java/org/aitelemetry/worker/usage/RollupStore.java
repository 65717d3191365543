package org.aitelemetry.worker.usage;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.aitelemetry.worker.usage.KnownEntities.Device;
import org.aitelemetry.worker.usage.KnownEntities.ProjectKey;
import org.aitelemetry.worker.usage.KnownEntities.Slice;

/** One source's rollup data in PostgreSQL, on the caller's transaction: its lock, its entities, its rows. */
final class RollupStore {

    /** Rows per upsert statement: one statement for most hours, bounded for very large fleets. */
    private static final int BATCH_SIZE = 5000;

    private final SqlConnection connection;
    private final long sourceId;

    RollupStore(SqlConnection connection, long sourceId) {
        this.connection = connection;
        this.sourceId = sourceId;
    }

    /** The source's advisory lock for this transaction; false when another replica holds it. */
    Uni<Boolean> lock() {
        return connection.preparedQuery(UsageSql.LOCK).execute(Tuple.of(sourceId))
                .map(rows -> rows.iterator().next().getBoolean(0));
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
                                .map(projects -> KnownEntities.of(devices, slices, projects))));
    }

    Uni<Set<Instant>> rolledUpHours(Instant since) {
        return connection.preparedQuery(UsageSql.ROLLED_UP_HOURS).execute(Tuple.of(sourceId, utc(since)))
                .map(rows -> new HashSet<>(list(rows, row -> row.getOffsetDateTime("hour").toInstant())));
    }

    /** Upserts an hour's rows; returns how many were inserted or changed. */
    Uni<Integer> upsert(Instant hour, List<RollupRow> rows) {
        List<List<RollupRow>> batches = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += BATCH_SIZE) {
            batches.add(rows.subList(from, Math.min(rows.size(), from + BATCH_SIZE)));
        }
        return Multi.createFrom().iterable(batches)
                .onItem().transformToUniAndConcatenate(batch -> connection.preparedQuery(UsageSql.UPSERT)
                        .execute(batchTuple(hour, batch)).map(RowSet::rowCount))
                .collect().with(Collectors.summingInt(Integer::intValue));
    }

    private static Tuple batchTuple(Instant hour, List<RollupRow> rows) {
        return Tuple.tuple().addValue(utc(hour))
                .addArrayOfString(rows.stream().map(row -> row.kind().name()).toArray(String[]::new))
                .addArrayOfLong(rows.stream().map(RollupRow::entityId).toArray(Long[]::new))
                .addArrayOfLong(rows.stream().map(RollupRow::clusterId).toArray(Long[]::new))
                .addArrayOfDouble(column(rows, row -> row.usage().allocatedGpuSeconds()))
                .addArrayOfDouble(column(rows, row -> row.usage().usedGpuSeconds()))
                .addArrayOfDouble(column(rows, row -> row.usage().idleGpuSeconds()))
                .addArrayOfDouble(column(rows, row -> row.usage().utilizationPercent()))
                .addArrayOfDouble(column(rows, row -> row.usage().energyJoules()))
                .addArrayOfDouble(column(rows, RollupRow::cost));
    }

    private static Double[] column(List<RollupRow> rows, Function<RollupRow, Double> value) {
        return rows.stream().map(value).toArray(Double[]::new);
    }

    private static Map<ProjectKey, Long> projects(RowSet<Row> rows) {
        Map<ProjectKey, Long> projects = new HashMap<>();
        rows.forEach(row -> projects.put(new ProjectKey(row.getLong("cluster_id"), row.getString("namespace")),
                row.getLong("id")));
        return projects;
    }

    private static <T> List<T> list(RowSet<Row> rows, Function<Row, T> mapper) {
        List<T> list = new ArrayList<>();
        rows.forEach(row -> list.add(mapper.apply(row)));
        return list;
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}
