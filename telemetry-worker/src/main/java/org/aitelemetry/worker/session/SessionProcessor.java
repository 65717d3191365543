package org.aitelemetry.worker.session;

import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.aitelemetry.worker.pipeline.CoalescingRunner;
import org.aitelemetry.worker.pipeline.NotificationShards;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.aitelemetry.worker.span.OutboxEntry;
import org.jboss.logging.Logger;

/**
 * Applies stored alert notifications to usage sessions. The webhook announces each stored batch on the event bus
 * ({@value PipelineAddresses#ALERTS_STORED}); the processor then drains the queue of pending notifications, a bounded
 * number per transaction, in {@value NotificationShards#COUNT} shards by fingerprint that drain at once. Within a
 * shard notifications apply in arrival order under the shard's advisory lock, so one writer at a time (across
 * replicas) reads, decides and writes a session. The rows are the durable copy: what a crash interrupts stays queued
 * and the next drain (the tick, or the next batch) applies it. Announcements arriving during a shard's drain coalesce
 * into one more drain of it.
 */
@ApplicationScoped
public class SessionProcessor {

    private static final Logger LOG = Logger.getLogger(SessionProcessor.class);

    private final Pool pool;
    private final Vertx vertx;
    private final SessionStateMachine machine;
    private final SessionStore store;
    private final SessionConfig config;
    private final SessionOutcomes outcomes;
    private final List<CoalescingRunner<DrainReport>> shardDrains;

    SessionProcessor(Pool pool, Vertx vertx, SessionConfig config, OutboxEntry outbox, SessionOutcomes outcomes) {
        this.pool = pool;
        this.vertx = vertx;
        this.config = config;
        this.machine = new SessionStateMachine(config.gracePeriod());
        this.store = new SessionStore(outbox, config.startSpans());
        this.outcomes = outcomes;
        this.shardDrains = IntStream.range(0, NotificationShards.COUNT).mapToObj(this::shardDrain).toList();
    }

    /**
     * An announced drain first waits {@code drain-linger}: batches stored meanwhile join it, so at a moderate rate a
     * shard applies one transaction's worth at a time instead of a few notifications per batch in each of its shards.
     */
    private CoalescingRunner<DrainReport> shardDrain(int shard) {
        long lingerMillis = config.drainLinger().toMillis();
        Supplier<Uni<DrainReport>> round = lingerMillis <= 0 ? () -> drainShard(shard)
                : () -> Uni.createFrom().<Void>emitter(waited -> vertx.setTimer(lingerMillis,
                        id -> waited.complete(null))).chain(() -> drainShard(shard));
        return new CoalescingRunner<>(round, DrainReport.NONE, failure -> LOG.warnf(
                "Session drain of shard %d failed, its pending notifications stay for the next one: %s",
                shard, failure.getMessage()));
    }

    /** What a drain did; {@code more} while notifications may still be pending. */
    public record DrainReport(int notifications, int transitions, int duplicates, boolean more) {

        static final DrainReport NONE = new DrainReport(0, 0, 0, false);

        DrainReport plus(DrainReport next) {
            return new DrainReport(notifications + next.notifications, transitions + next.transitions,
                    duplicates + next.duplicates, next.more);
        }
    }

    @ConsumeEvent(PipelineAddresses.ALERTS_STORED)
    void onStored(Long batchId) {
        request();
    }

    /** Asks every shard for a drain; returns at once. A shard's drain already running runs once more when done. */
    public void request() {
        shardDrains.forEach(CoalescingRunner::request);
    }

    /** Applies every pending notification, the shards at once; completes when none is left. */
    @WithSpan("SessionProcessor.drain")
    public Uni<DrainReport> drain() {
        return Uni.join().all(IntStream.range(0, NotificationShards.COUNT).mapToObj(this::drainShard).toList())
                .andFailFast().map(reports -> reports.stream().reduce(DrainReport.NONE, DrainReport::plus));
    }

    private Uni<DrainReport> drainShard(int shard) {
        int batch = config.drainBatch();
        return Multi.createBy().repeating().uni(() -> drainOnce(shard, batch)).whilst(DrainReport::more)
                .collect().in(() -> new DrainReport[] {DrainReport.NONE}, (sum, report) -> sum[0] = sum[0].plus(report))
                .map(sum -> sum[0]);
    }

    private Uni<DrainReport> drainOnce(int shard, int limit) {
        return pool.withTransaction(connection -> SessionStore.lockShard(connection, shard)
                        .chain(() -> SessionStore.pending(connection, shard, limit))
                        .chain(notifications -> notifications.isEmpty() ? Uni.createFrom().nullItem()
                                : SessionStore.sessionsFor(connection, notifications).chain(sessions -> {
                                    SessionLedger ledger = new SessionLedger();
                                    ledger.loadAll(sessions);
                                    notifications.forEach(notification -> machine.apply(notification, ledger));
                                    return store.write(connection, shard, ledger, notifications)
                                            .replaceWith(new Applied(notifications, ledger));
                                })))
                .map(applied -> applied == null ? DrainReport.NONE : report(applied, limit))
                .onFailure(SessionProcessor::badData).recoverWithUni(failure -> isolate(shard, limit, failure));
    }

    private record Applied(List<AlertNotification> notifications, SessionLedger ledger) {
    }

    private DrainReport report(Applied applied, int limit) {
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
            LOG.warnf("A drain of up to %d notifications was refused (%s); retrying with fewer", limit, failure.getMessage());
            return drainOnce(shard, limit / 2).map(report -> new DrainReport(report.notifications(),
                    report.transitions(), report.duplicates(), report.notifications() > 0));
        }
        return pool.withTransaction(connection -> SessionStore.lockShard(connection, shard)
                        .chain(() -> SessionStore.pending(connection, shard, 1))
                        .call(first -> SessionStore.dequeue(connection, shard, first)))
                .invoke(first -> first.forEach(notification -> {
                    LOG.errorf("Alert notification %d (fingerprint %s) cannot be applied and was set aside: %s",
                            notification.id(), notification.fingerprint(), failure.getMessage());
                    outcomes.unprocessable();
                }))
                .map(first -> new DrainReport(0, 0, 0, !first.isEmpty()));
    }

    private static boolean badData(Throwable failure) {
        return failure instanceof PgException pg && pg.getSqlState() != null
                && (pg.getSqlState().startsWith("22") || pg.getSqlState().startsWith("23"));
    }
}
