package org.aitelemetry.worker.source;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgPool;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.aitelemetry.prometheus.source.SourceDefinition;

/**
 * A worker replica in a test: its own id, its own connection pool (named after it in {@code pg_stat_activity}), and a
 * {@link SharedSourceCycle} whose per-source work stands in for a sync: it writes one row per source and slot to
 * {@code test_source_work} and holds the source's transaction open a while, as a sync's queries do.
 */
final class TestReplica implements AutoCloseable {

    static final String TABLE = """
            CREATE TABLE IF NOT EXISTS test_source_work (work text, source text, slot bigint, replica text)""";

    final String id;
    private final Pool pool;
    private final LockedSourceCycle cycle;
    private final SharedSourceCycle share;
    private final SlotClock clock;
    private final Duration hold;
    private volatile String hangAt;
    private final CompletableFuture<Void> hanging = new CompletableFuture<>();

    TestReplica(String id, String work, Connections connections, SlotClock clock, Duration hold) {
        this.id = id;
        this.clock = clock;
        this.hold = hold;
        this.pool = connections.pool(id);
        this.cycle = new LockedSourceCycle(pool, connections.registrar(), work, CycleSlots.every(SlotClock.EVERY, clock),
                id);
        this.share = new SharedSourceCycle(cycle, pool, 2);
    }

    /** How the test reaches PostgreSQL as the app does. */
    record Connections(Vertx vertx, String reactiveUrl, String user, String password,
            MetricSourceRegistrar registrar) {

        Pool pool(String applicationName) {
            return PgPool.pool(vertx, PgConnectOptions.fromUri(reactiveUrl).setUser(user).setPassword(password)
                    .addProperty("application_name", applicationName), new PoolOptions().setMaxSize(2));
        }
    }

    /** This replica's part of the current slot: the names of the sources it did, not those it skipped. */
    Uni<List<String>> runCycle(List<SourceDefinition> sources) {
        return share.run(sources, this::work).map(done -> done.stream().filter(Objects::nonNull).toList());
    }

    /** From now on, the work on {@code source} takes the source's lock and then never ends; {@link #hanging()} says when. */
    void hangAt(String source) {
        hangAt = source;
    }

    CompletableFuture<Void> hanging() {
        return hanging;
    }

    private Uni<String> work(SourceDefinition source) {
        long slot = clock.millis() / SlotClock.INTERVAL.toMillis();
        return cycle.sourceId(source.name()).chain(sourceId -> cycle.run(sourceId, connection -> {
            if (source.name().equals(hangAt)) {
                hanging.complete(null);
                return Uni.createFrom().<String>nothing();
            }
            return connection.preparedQuery("INSERT INTO test_source_work VALUES ($1, $2, $3, $4)")
                    .execute(Tuple.of(cycle.work(), source.name(), slot, id))
                    .chain(() -> connection.preparedQuery("SELECT pg_sleep($1)").execute(Tuple.of(hold.toMillis() / 1000.0)))
                    .replaceWith(source.name());
        }, () -> null));
    }

    /** Closes the pool, connections in use too: to PostgreSQL the replica is gone as if its process were killed. */
    @Override
    public void close() {
        pool.closeAndAwait();
    }
}
