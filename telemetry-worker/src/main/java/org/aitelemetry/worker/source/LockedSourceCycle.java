package org.aitelemetry.worker.source;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A unit of per-source work that exactly one replica runs at a time: in one transaction, take the source's advisory
 * lock for this kind of work, run the work, and let the commit release the lock. A replica that finds the lock taken
 * skips the source rather than waiting, since the holder is doing the same work. Used by the fleet sync and the usage
 * rollups, each under its own lock name.
 */
public final class LockedSourceCycle {

    private final Pool pool;
    private final MetricSourceRegistrar registrar;
    private final String lockName;

    /** @param lockName the kind of work; cycles of different names never exclude each other */
    public LockedSourceCycle(Pool pool, MetricSourceRegistrar registrar, String lockName) {
        this.pool = pool;
        this.registrar = registrar;
        this.lockName = lockName;
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
     * Runs {@code work} in a transaction that holds the source's lock, or answers {@code skipped} when another
     * transaction holds it. A failure of the work rolls the transaction back.
     */
    public <T> Uni<T> run(long sourceId, Function<SqlConnection, Uni<T>> work, Supplier<T> skipped) {
        return pool.withTransaction(connection -> tryLock(connection, sourceId)
                .chain(locked -> locked ? work.apply(connection) : Uni.createFrom().item(skipped)));
    }

    /** Takes the source's lock for the rest of the connection's transaction; false when another holds it. */
    public Uni<Boolean> tryLock(SqlConnection connection, long sourceId) {
        return connection.preparedQuery(SourceSql.TRY_LOCK).execute(Tuple.of(lockName, sourceId))
                .map(rows -> rows.iterator().next().getBoolean(0));
    }
}
