package org.aitelemetry.worker.span;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aitelemetry.worker.sql.Columns;
import org.aitelemetry.worker.sql.SqlValues;

/**
 * The span outbox: pending spans of usage sessions, claimed, retried, marked exported or quarantined in
 * {@code usage_session}. The only writer of the outbox's states once a session entered it.
 */
@ApplicationScoped
class SpanOutbox {

    private static final int MAX_ERROR_LENGTH = 2000;

    private final Pool pool;

    SpanOutbox(Pool pool) {
        this.pool = pool;
    }

    /** Leases up to {@code limit} due final sessions whose aggregates at close are still to be read. */
    Uni<List<OutboxSession>> claimForAggregates(int limit, Duration lease) {
        return claim(OutboxSql.CLAIM_FOR_AGGREGATES, limit, lease);
    }

    /** Leases up to {@code limit} due sessions with a span ready to go out. */
    Uni<List<OutboxSession>> claimForExport(int limit, Duration lease) {
        return claim(OutboxSql.CLAIM_FOR_EXPORT, limit, lease);
    }

    /** Marks the spans the collector acknowledged: final spans of {@code usageIds}, start spans of {@code startIds}. */
    Uni<Void> markExported(List<Long> usageIds, List<Long> startIds) {
        return pool.preparedQuery(OutboxSql.MARK_EXPORTED)
                .execute(Tuple.of(usageIds.toArray(Long[]::new), startIds.toArray(Long[]::new)))
                .replaceWithVoid();
    }

    /** Counts a failed attempt for each session and makes it due again after its delay. */
    Uni<Void> markFailed(List<Retry> retries) {
        if (retries.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return pool.preparedQuery(OutboxSql.MARK_FAILED)
                .execute(Tuple.tuple()
                        .addArrayOfLong(Columns.bigint(retries, Retry::sessionId))
                        .addArrayOfDouble(Columns.float8(retries, retry -> (double) retry.delay().toMillis()))
                        .addArrayOfString(Columns.text(retries, retry -> truncated(retry.error()))))
                .replaceWithVoid();
    }

    /**
     * Takes sessions out of the outbox for good, with the reason: both spans QUARANTINED, so that neither is claimed
     * again, and a session still open stays out when it becomes final.
     */
    Uni<Void> quarantine(List<Quarantine> poisoned) {
        return pool.preparedQuery(OutboxSql.QUARANTINE)
                .execute(Tuple.tuple()
                        .addArrayOfLong(Columns.bigint(poisoned, Quarantine::sessionId))
                        .addArrayOfString(Columns.text(poisoned, quarantine -> truncated(quarantine.detail()))))
                .replaceWithVoid();
    }

    /** Stores the aggregates at close of each session (null where unknown); their spans are then due. */
    Uni<Void> storeAggregates(Map<Long, Aggregates> aggregates) {
        if (aggregates.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        List<Long> ids = new ArrayList<>(aggregates.keySet());
        return pool.preparedQuery(OutboxSql.STORE_AGGREGATES)
                .execute(Tuple.tuple().addArrayOfLong(ids.toArray(Long[]::new))
                        .addArrayOfDouble(Columns.float8(ids, id -> aggregates.get(id).utilizationPercent()))
                        .addArrayOfDouble(Columns.float8(ids, id -> aggregates.get(id).energyJoules()))
                        .addArrayOfDouble(Columns.float8(ids, id -> aggregates.get(id).gpuSeconds())))
                .replaceWithVoid();
    }

    /** Spans waiting in the outbox, due or backing off. */
    Uni<Long> depth() {
        return pool.query(OutboxSql.DEPTH).execute().map(rows -> rows.iterator().next().getLong("depth"));
    }

    private Uni<List<OutboxSession>> claim(String sql, int limit, Duration lease) {
        return pool.preparedQuery(sql).execute(Tuple.of((long) limit, (double) lease.toMillis()))
                .map(rows -> SqlValues.list(rows, OutboxSession::from));
    }

    private static String truncated(String error) {
        return error.length() <= MAX_ERROR_LENGTH ? error : error.substring(0, MAX_ERROR_LENGTH);
    }

    /** A failed attempt at a session: when to try again, and why it failed. */
    record Retry(long sessionId, Duration delay, String error) {
    }
}
