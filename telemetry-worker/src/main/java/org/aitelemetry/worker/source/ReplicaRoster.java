package org.aitelemetry.worker.source;

import static org.aitelemetry.worker.sql.SqlValues.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The replicas that run a kind of work: each one's heartbeat is the start of its cycles, and the scheduler starts one
 * in every slot, so a replica not seen in the last few slots (this one and the one before, by default) is gone —
 * killed, stopped, or the work switched off there — and forgotten. Slots rather than a plain age, so that a replica
 * killed in slot k is gone for every other replica in slot k+2 whatever the phases at which they fire. Replicas that
 * disagree for a moment about who is here only cost a source an extra attempt or a cycle's delay, never a second run in
 * a slot: that is {@link LockedSourceCycle}'s guard.
 */
final class ReplicaRoster {

    private final Pool pool;
    private final String work;
    private final String replicaId;
    private final CycleSlots slots;
    private final int goneAfterCycles;

    /** @param goneAfterCycles slots without a heartbeat, this one included, after which a replica is gone */
    ReplicaRoster(Pool pool, String work, String replicaId, CycleSlots slots, int goneAfterCycles) {
        if (goneAfterCycles < 2) {
            // Replicas that fire later in the slot have not been seen in it yet.
            throw new IllegalArgumentException("a replica is gone after two slots without a heartbeat at the earliest, "
                    + "not " + goneAfterCycles);
        }
        this.pool = pool;
        this.work = work;
        this.replicaId = replicaId;
        this.slots = slots;
        this.goneAfterCycles = goneAfterCycles;
    }

    String replicaId() {
        return replicaId;
    }

    /** Records this replica's heartbeat and answers the ids of the replicas here, this one among them, in order. */
    Uni<List<String>> beat() {
        Instant now = slots.now();
        Instant oldest = slots.start(slots.current().orElseThrow(
                () -> new IllegalStateException(work + " is not scheduled: no replicas share it")) - goneAfterCycles + 1);
        return pool.withTransaction(connection -> connection.preparedQuery(SourceSql.BEAT)
                .execute(Tuple.of(work, replicaId, utc(now)))
                .chain(() -> connection.preparedQuery(SourceSql.FORGET_GONE).execute(Tuple.of(work, utc(oldest))))
                .chain(() -> connection.preparedQuery(SourceSql.REPLICAS).execute(Tuple.of(work))))
                .map(rows -> {
                    List<String> replicas = new ArrayList<>();
                    for (Row row : rows) {
                        replicas.add(row.getString("replica_id"));
                    }
                    return replicas;
                });
    }
}
