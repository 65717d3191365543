package org.aitelemetry.worker.session;

import io.opentelemetry.instrumentation.annotations.SpanAttribute;
import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.stream.Collectors;
import org.aitelemetry.worker.span.OutboxEntry;
import org.jboss.logging.Logger;

/**
 * One shard's drain of the queue of pending notifications (V27 {@code alert_pending}): in arrival order, under the
 * shard's advisory lock, so one writer at a time (across replicas) reads, decides and writes its sessions. The rows are
 * the durable copy: what a crash interrupts stays queued and the next drain (the tick, or the next batch) applies it.
 * A bean of its own so that each drain is traced, as {@code SessionProcessor.drain} with its shard.
 */
@ApplicationScoped
public class SessionShardDrain {

    private static final Logger LOG = Logger.getLogger(SessionShardDrain.class);

    private final Pool pool;
    private final SessionStateMachine machine;
    private final SessionStore store;
    private final SessionConfig config;
    private final SessionOutcomes outcomes;

    SessionShardDrain(Pool pool, SessionConfig config, OutboxEntry outbox, SessionOutcomes outcomes) {
        this.pool = pool;
        this.config = config;
        this.machine = new SessionStateMachine(config.gracePeriod());
        this.store = new SessionStore(outbox, config.startSpans());
        this.outcomes = outcomes;
    }

    /** What a drain did; {@code more} while notifications may still be pending. */
    public record DrainReport(int notifications, int transitions, int duplicates, boolean more) {

        static final DrainReport NONE = new DrainReport(0, 0, 0, false);

        DrainReport plus(DrainReport next) {
            return new DrainReport(notifications + next.notifications, transitions + next.transitions,
                    duplicates + next.duplicates, next.more);
        }
    }

    /** Applies the shard's pending notifications, a bounded number per transaction, until none is left. */
    @WithSpan("SessionProcessor.drain")
    public Uni<DrainReport> drain(@SpanAttribute("telemetry.sessions.shard") int shard) {
        int batch = config.drainBatch();
        return Multi.createBy().repeating().uni(() -> drainOnce(shard, batch)).whilst(DrainReport::more)
                .collect().with(Collectors.reducing(DrainReport.NONE, DrainReport::plus));
    }

    /**
     * One transaction's worth. A shard whose page comes back empty may hold queue rows whose notification is gone:
     * those are removed (and the drain goes on), else they would hold the page forever.
     */
    private Uni<DrainReport> drainOnce(int shard, int limit) {
        return pool.withTransaction(connection -> SessionStore.lockShard(connection, shard)
                        .chain(() -> SessionStore.pending(connection, shard, limit))
                        .chain(notifications -> notifications.isEmpty()
                                ? SessionStore.dequeueOrphans(connection, shard, limit).<Drained>map(Orphaned::new)
                                : apply(connection, shard, notifications)))
                .map(drained -> report(drained, shard, limit))
                .onFailure(SessionShardDrain::badData).recoverWithUni(failure -> isolate(shard, limit, failure));
    }

    private Uni<Drained> apply(SqlConnection connection, int shard, List<AlertNotification> notifications) {
        return SessionStore.sessionsFor(connection, notifications).chain(sessions -> {
            SessionLedger ledger = new SessionLedger();
            ledger.loadAll(sessions);
            notifications.forEach(notification -> machine.apply(notification, ledger));
            return store.write(connection, shard, ledger, notifications)
                    .replaceWith(new Applied(notifications, ledger));
        });
    }

    /** What one transaction did. */
    private sealed interface Drained permits Applied, Orphaned {
    }

    /** Notifications applied to the ledger's sessions. */
    private record Applied(List<AlertNotification> notifications, SessionLedger ledger) implements Drained {
    }

    /** Queue rows taken off because their notification is gone (none when the shard is simply empty). */
    private record Orphaned(int count) implements Drained {
    }

    private DrainReport report(Drained drained, int shard, int limit) {
        if (drained instanceof Orphaned orphaned) {
            if (orphaned.count() > 0) {
                LOG.errorf("%d queued notifications of shard %d had no notification row any more (dropped by hand?) "
                        + "and were taken off the queue", orphaned.count(), shard);
                outcomes.unprocessable(orphaned.count());
            }
            return new DrainReport(0, 0, 0, orphaned.count() > 0);
        }
        Applied applied = (Applied) drained;
        SessionLedger ledger = applied.ledger();
        outcomes.applied(ledger);
        return new DrainReport(applied.notifications().size(), ledger.transitions().size(),
                ledger.duplicates() + ledger.lateDuplicates(), applied.notifications().size() == limit);
    }

    /**
     * A notification the database refuses (a value no column can hold, a broken invariant) must not stall every
     * notification behind it: the failed drain is retried with half as many, down to one, and the one that still
     * fails is set aside, logged with its id; its row stays in alert_notification for inspection.
     */
    private Uni<DrainReport> isolate(int shard, int limit, Throwable failure) {
        if (limit > 1) {
            LOG.warnf("A drain of up to %d notifications was refused (%s); retrying with fewer", limit,
                    failure.getMessage());
            return drainOnce(shard, limit / 2).map(report -> new DrainReport(report.notifications(),
                    report.transitions(), report.duplicates(), report.notifications() > 0));
        }
        return pool.withTransaction(connection -> SessionStore.lockShard(connection, shard)
                        .chain(() -> SessionStore.pending(connection, shard, 1))
                        .call(first -> SessionStore.dequeue(connection, shard, first)))
                .invoke(first -> first.forEach(notification -> {
                    LOG.errorf("Alert notification %d (fingerprint %s) cannot be applied and was set aside: %s",
                            notification.id(), notification.fingerprint(), failure.getMessage());
                    outcomes.unprocessable(1);
                }))
                .map(first -> new DrainReport(0, 0, 0, !first.isEmpty()));
    }

    private static boolean badData(Throwable failure) {
        return failure instanceof PgException pg && pg.getSqlState() != null
                && (pg.getSqlState().startsWith("22") || pg.getSqlState().startsWith("23"));
    }
}
