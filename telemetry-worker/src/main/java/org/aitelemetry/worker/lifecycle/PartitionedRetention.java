package org.aitelemetry.worker.lifecycle;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Drops the months of a {@link PartitionFamily} that end before the cut-off, on a connection outside any transaction:
 * each partition is detached CONCURRENTLY (ingest into the table goes on meanwhile) and then dropped, children first.
 * A month whose child rows are still in flight is kept whole, logged and counted as skipped.
 */
final class PartitionedRetention {

    private static final Logger LOG = Logger.getLogger(PartitionedRetention.class);

    private final SqlConnection connection;

    PartitionedRetention(SqlConnection connection) {
        this.connection = connection;
    }

    Uni<TableOutcome> dropBefore(PartitionFamily family, Instant cutoff) {
        return oldMonths(family, cutoff).chain(months -> Multi.createFrom().iterable(months.entrySet())
                .onItem().transformToUniAndConcatenate(month -> dropMonth(family, month.getKey(), month.getValue()))
                .collect().asList()
                .map(results -> outcome(family, results)));
    }

    /** Per old month, its partitions in drop order (a month may lack one if an earlier run stopped half-way). */
    private Uni<Map<YearMonth, List<Partition>>> oldMonths(PartitionFamily family, Instant cutoff) {
        return Multi.createFrom().iterable(family.tablesInDropOrder())
                .onItem().transformToUniAndConcatenate(table -> partitions(table)
                        .map(list -> list.stream().filter(p -> p.partition().endsBy(cutoff)).toList()))
                .collect().asList()
                .map(lists -> lists.stream().flatMap(List::stream).collect(Collectors.groupingBy(
                        p -> p.partition().month(), TreeMap::new, Collectors.toList())));
    }

    private Uni<List<Partition>> partitions(String table) {
        return connection.preparedQuery(LifecycleSql.PARTITIONS).execute(Tuple.of(table))
                .map(rows -> {
                    List<Partition> found = new ArrayList<>();
                    rows.forEach(row -> MonthPartition.of(table, row.getString("relname"),
                                    row.getLong("estimated_rows"), row.getBoolean("inhdetachpending"))
                            .ifPresent(partition -> found.add(new Partition(table, partition))));
                    return found;
                });
    }

    private Uni<MonthResult> dropMonth(PartitionFamily family, YearMonth month, List<Partition> partitions) {
        Optional<Partition> child = partitions.stream()
                .filter(p -> family.child().map(p.table()::equals).orElse(false)).findFirst();
        Uni<Boolean> inFlight = child.isPresent() && family.inFlight().isPresent()
                ? connection.query(LifecycleSql.ANY_ROW_WHERE.formatted(child.get().partition().name(),
                        family.inFlight().get())).execute().map(rows -> rows.iterator().next().getBoolean("found"))
                : Uni.createFrom().item(false);
        return inFlight.chain(busy -> {
            if (busy) {
                LOG.warnf("retention kept %s %s: it holds rows not yet processed", family.table(), month);
                return Uni.createFrom().item(new MonthResult(List.of(), names(partitions), 0));
            }
            return Multi.createFrom().iterable(partitions)
                    .onItem().transformToUniAndConcatenate(this::detachAndDrop)
                    .collect().asList()
                    .map(rows -> new MonthResult(names(partitions), List.of(),
                            rows.stream().mapToLong(Long::longValue).sum()));
        });
    }

    /** Detaches and drops a partition; returns its rows (estimated, or counted while it had no estimate). */
    private Uni<Long> detachAndDrop(Partition partition) {
        String name = partition.partition().name();
        String detach = partition.partition().detachPending() ? LifecycleSql.DETACH_FINALIZE
                : LifecycleSql.DETACH_CONCURRENTLY;
        return rows(partition.partition())
                .call(() -> connection.query(detach.formatted(partition.table(), name)).execute())
                .call(() -> connection.query(LifecycleSql.DROP.formatted(name)).execute())
                .invoke(rows -> LOG.infof("retention dropped %s (%s, about %d rows)", name, partition.table(), rows));
    }

    private Uni<Long> rows(MonthPartition partition) {
        if (partition.estimatedRows() >= 0) {
            return Uni.createFrom().item(partition.estimatedRows());
        }
        return connection.query(LifecycleSql.COUNT_ROWS.formatted(partition.name())).execute()
                .map(rows -> rows.iterator().next().getLong("counted"));
    }

    private static TableOutcome outcome(PartitionFamily family, List<MonthResult> months) {
        return new TableOutcome(family.table(),
                months.stream().flatMap(m -> m.dropped().stream()).toList(),
                months.stream().flatMap(m -> m.skipped().stream()).toList(),
                months.stream().mapToLong(MonthResult::rows).sum(), 0);
    }

    private static List<String> names(List<Partition> partitions) {
        return partitions.stream().map(p -> p.partition().name()).toList();
    }

    /** A partition of one of the family's tables. */
    private record Partition(String table, MonthPartition partition) {
    }

    private record MonthResult(List<String> dropped, List<String> skipped, long rows) {
    }
}
