package org.aitelemetry.worker.session;

import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.worker.pipeline.CoalescingRunner;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.aitelemetry.worker.span.OutboxEntry;
import org.jboss.logging.Logger;

/**
 * Applies stored alert notifications to usage sessions. The webhook announces each stored batch on the event bus
 * ({@value PipelineAddresses#ALERTS_STORED}); the processor then drains every pending notification in arrival order,
 * a bounded number per transaction, under an advisory lock so that one writer at a time (across replicas) reads, decides and writes.
 * The rows are the durable copy: what a crash interrupts stays pending and the next drain (the tick, or the next
 * batch) applies it. Announcements arriving during a drain coalesce into one more drain.
 */
@ApplicationScoped
public class SessionProcessor {

    private static final Logger LOG = Logger.getLogger(SessionProcessor.class);

    private final Pool pool;
    private final SessionStateMachine machine;
    private final SessionStore store;
    private final SessionConfig config;
    private final SessionOutcomes outcomes;
    private final CoalescingRunner<DrainReport> drains;

    SessionProcessor(Pool pool, SessionConfig config, OutboxEntry outbox, SessionOutcomes outcomes) {
        this.pool = pool;
        this.config = config;
        this.machine = new SessionStateMachine(config.gracePeriod());
        this.store = new SessionStore(outbox, config.startSpans());
        this.outcomes = outcomes;
        this.drains = new CoalescingRunner<>(this::drain, DrainReport.NONE, failure -> LOG.warnf(
                "Session drain failed, pending notifications stay for the next one: %s", failure.getMessage()));
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

    /** Asks for a drain; returns at once. A drain already running runs once more when it is done. */
    public void request() {
        drains.request();
    }

    /** Applies every pending notification; completes when none is left. */
    @WithSpan("SessionProcessor.drain")
    public Uni<DrainReport> drain() {
        int batch = config.drainBatch();
        return Multi.createBy().repeating().uni(() -> drainOnce(batch)).whilst(DrainReport::more)
                .collect().in(() -> new DrainReport[] {DrainReport.NONE}, (sum, report) -> sum[0] = sum[0].plus(report))
                .map(sum -> sum[0]);
    }

    private Uni<DrainReport> drainOnce(int limit) {
        return pool.withTransaction(connection -> SessionStore.lock(connection)
                        .chain(() -> SessionStore.pending(connection, limit))
                        .chain(notifications -> notifications.isEmpty() ? Uni.createFrom().nullItem()
                                : SessionStore.sessionsFor(connection, notifications).chain(sessions -> {
                                    SessionLedger ledger = new SessionLedger();
                                    ledger.loadAll(sessions);
                                    notifications.forEach(notification -> machine.apply(notification, ledger));
                                    return store.write(connection, ledger, notifications)
                                            .replaceWith(new Applied(notifications, ledger));
                                })))
                .map(applied -> applied == null ? DrainReport.NONE : report(applied, limit))
                .onFailure(SessionProcessor::badData).recoverWithUni(failure -> isolate(limit, failure));
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
    private Uni<DrainReport> isolate(int limit, Throwable failure) {
        if (limit > 1) {
            LOG.warnf("A drain of up to %d notifications was refused (%s); retrying with fewer", limit, failure.getMessage());
            return drainOnce(limit / 2).map(report -> new DrainReport(report.notifications(), report.transitions(),
                    report.duplicates(), report.notifications() > 0));
        }
        return pool.withTransaction(connection -> SessionStore.lock(connection)
                        .chain(() -> SessionStore.pending(connection, 1))
                        .call(first -> SessionStore.setAside(connection, first)))
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
