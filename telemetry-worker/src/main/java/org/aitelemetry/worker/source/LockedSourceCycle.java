package org.aitelemetry.worker.source;

import static org.aitelemetry.worker.sql.SqlValues.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A unit of per-source work that runs once per cycle, on one replica: in one transaction, take the source's advisory
 * lock for this kind of work, check under it that the work was not done in the current {@link CycleSlots slot}, run
 * it, and mark the slot done before the commit releases the lock. A replica that finds the lock taken skips the source
 * rather than waiting, since the holder is doing the same work; one that gets it after the holder committed finds the
 * slot marked. A replica that dies mid-work loses its connection, so its transaction and mark roll back and its lock is
 * free. Unscheduled work has no slots: it runs whenever the lock is free. Used by the fleet sync and the usage rollups,
 * each under its own work name.
 */
public final class LockedSourceCycle {

    private final Pool pool;
    private final MetricSourceRegistrar registrar;
    private final String work;
    private final CycleSlots slots;
    private final String replicaId;

    /** @param work the kind of work; cycles of different kinds never exclude each other */
    public LockedSourceCycle(Pool pool, MetricSourceRegistrar registrar, String work, CycleSlots slots,
            String replicaId) {
        this.pool = pool;
        this.registrar = registrar;
        this.work = work;
        this.slots = slots;
        this.replicaId = replicaId;
    }

    /**
     * The id of the source's {@code metric_source} row, once the start has registered the configured sources; fails
     * when the source is not among them.
     */
    public Uni<Long> sourceId(String name) {
        return registrar.registered().chain(() -> pool.preparedQuery(SourceSql.SOURCE_ID).execute(Tuple.of(name)))
                .map(rows -> {
                    if (!rows.iterator().hasNext()) {
                        throw new IllegalStateException("metric source " + name + " is not registered");
                    }
                    return rows.iterator().next().getLong("id");
                });
    }

    /**
     * Runs {@code work} in a transaction that holds the source's lock, unless another transaction holds it or the
     * work was already done in this slot: then answers {@code skipped}. A failure of the work rolls the transaction
     * back, so the slot stays to be done.
     */
    public <T> Uni<T> run(long sourceId, Function<SqlConnection, Uni<T>> work, Supplier<T> skipped) {
        // The slot of the lock's taking is the one checked and marked, even if the work runs into the next.
        OptionalLong slot = slots.current();
        return pool.withTransaction(connection -> tryLock(connection, sourceId)
                .chain(locked -> locked ? notDoneIn(connection, sourceId, slot) : Uni.createFrom().item(false))
                .chain(due -> due
                        ? work.apply(connection).call(() -> markDone(connection, sourceId, slot))
                        : Uni.createFrom().item(skipped)));
    }

    /** Takes the source's lock for the rest of the connection's transaction; false when another holds it. */
    public Uni<Boolean> tryLock(SqlConnection connection, long sourceId) {
        return connection.preparedQuery(SourceSql.TRY_LOCK).execute(Tuple.of(work, sourceId))
                .map(rows -> rows.iterator().next().getBoolean(0));
    }

    /** The last slot each source's work was done in, by source name; a source never done has no entry. */
    Uni<Map<String, Long>> doneSlots() {
        return pool.preparedQuery(SourceSql.DONE_SLOTS).execute(Tuple.of(work)).map(rows -> {
            Map<String, Long> done = new HashMap<>();
            for (Row row : rows) {
                done.put(row.getString("name"), row.getLong("done_slot"));
            }
            return done;
        });
    }

    String work() {
        return work;
    }

    String replicaId() {
        return replicaId;
    }

    CycleSlots slots() {
        return slots;
    }

    private Uni<Boolean> notDoneIn(SqlConnection connection, long sourceId, OptionalLong slot) {
        if (slot.isEmpty()) {
            return Uni.createFrom().item(true);
        }
        return connection.preparedQuery(SourceSql.DONE_SLOT).execute(Tuple.of(work, sourceId))
                .map(rows -> !rows.iterator().hasNext()
                        || rows.iterator().next().getLong("done_slot") < slot.getAsLong());
    }

    private Uni<Void> markDone(SqlConnection connection, long sourceId, OptionalLong slot) {
        if (slot.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return connection.preparedQuery(SourceSql.MARK_DONE)
                .execute(Tuple.of(work, sourceId, slot.getAsLong(), replicaId, utc(slots.now()))).replaceWithVoid();
    }
}
