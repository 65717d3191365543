package org.aitelemetry.worker.session;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.aitelemetry.worker.pipeline.CoalescingRunner;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.jboss.logging.Logger;

/**
 * Closes open sessions whose alert Alertmanager no longer holds, with reason {@code unobserved} (contracts.md §2): the
 * resolve never arrived. An alert must stay absent for {@code confirm-after} first, so that a resolve still on its
 * way wins; the session then ends when the alert was first seen absent. Runs on its interval and whenever a batch
 * reports truncated alerts ({@value PipelineAddresses#ALERTS_TRUNCATED}), since Alertmanager dropped some
 * notifications then.
 */
@ApplicationScoped
public class SessionReconciler {

    private static final Logger LOG = Logger.getLogger(SessionReconciler.class);

    private final Pool pool;
    private final AlertmanagerAlerts alertmanager;
    private final SessionOutcomes outcomes;
    private final SessionConfig.Reconcile config;
    /** Open sessions' fingerprints Alertmanager did not have, and when that was first seen. */
    private final Map<String, Instant> absentSince = new ConcurrentHashMap<>();
    /** Only guards against overlap: each run takes its own time and trigger, so one asked for meanwhile is skipped. */
    private final CoalescingRunner<List<Session>> runs = CoalescingRunner.overlapGuard(List.of());

    SessionReconciler(Pool pool, AlertmanagerAlerts alertmanager, SessionOutcomes outcomes, SessionConfig config) {
        this.pool = pool;
        this.alertmanager = alertmanager;
        this.outcomes = outcomes;
        this.config = config.reconcile();
    }

    void onStart(@Observes StartupEvent start) {
        if (!alertmanager.configured()) {
            LOG.info("No Alertmanager configured (telemetry.sessions.reconcile.alertmanager-urls): a resolve that never "
                    + "arrives leaves its session open");
        }
    }

    @Scheduled(identity = "session-reconciliation", every = "${telemetry.sessions.reconcile.every}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return reconcile(Instant.now(), "schedule").replaceWithVoid();
    }

    @ConsumeEvent(PipelineAddresses.ALERTS_TRUNCATED)
    void onTruncated(Long batchId) {
        reconcile(Instant.now(), "truncated").subscribe().with(closed -> {
        }, failure -> LOG.warnf("Reconciliation after a truncated batch failed: %s", failure.getMessage()));
    }

    /** One reconciliation at {@code now}; returns the sessions it closed. Skipped while another one runs. */
    public Uni<List<Session>> reconcile(Instant now) {
        return reconcile(now, "request");
    }

    private Uni<List<Session>> reconcile(Instant now, String trigger) {
        if (!alertmanager.configured()) {
            return Uni.createFrom().item(List.of());
        }
        return runs.runIfIdle(() -> run(now, trigger));
    }

    private Uni<List<Session>> run(Instant now, String trigger) {
        // The runner defers this: a failure while building the requests (an unreadable token file) ends the run too.
        return alertmanager.activeFingerprints()
                .chain(active -> pool.withTransaction(connection -> SessionStore.lockAll(connection)
                        .chain(() -> SessionStore.openBefore(connection, now))
                        .chain(open -> close(connection, confirmedAbsent(open, active, now)))))
                .invoke(closed -> {
                    outcomes.reconciled(trigger, true);
                    if (!closed.isEmpty()) {
                        LOG.infof("Closed %d session(s) whose alert Alertmanager no longer holds", closed.size());
                    }
                    outcomes.changed(closed.stream().map(session -> new Transition(Transition.Type.FINALISED, session))
                            .toList());
                })
                .onFailure().invoke(failure -> {
                    outcomes.reconciled(trigger, false);
                    LOG.warnf("Reconciliation skipped, nothing closed: %s", failure.getMessage());
                });
    }

    private Uni<List<Session>> close(SqlConnection connection, Map<Instant, List<Long>> due) {
        Uni<List<Session>> closed = Uni.createFrom().item(List.of());
        for (Map.Entry<Instant, List<Long>> group : due.entrySet()) {
            closed = closed.chain(sofar -> SessionStore.closeUnobserved(connection, group.getValue(), group.getKey())
                    .map(more -> {
                        List<Session> all = new ArrayList<>(sofar);
                        all.addAll(more);
                        return all;
                    }));
        }
        return closed;
    }

    /** Open sessions absent for at least confirm-after, grouped by when they were first seen absent. */
    private Map<Instant, List<Long>> confirmedAbsent(Map<Long, String> open, Set<String> active, Instant now) {
        Set<String> openFingerprints = new HashSet<>(open.values());
        absentSince.keySet().removeIf(fingerprint -> active.contains(fingerprint) || !openFingerprints.contains(fingerprint));
        Map<Instant, List<Long>> due = new TreeMap<>();
        open.forEach((id, fingerprint) -> {
            if (active.contains(fingerprint)) {
                return;
            }
            Instant since = absentSince.computeIfAbsent(fingerprint, key -> now);
            if (!since.plus(config.confirmAfter()).isAfter(now)) {
                due.computeIfAbsent(since, key -> new ArrayList<>()).add(id);
                absentSince.remove(fingerprint);
            }
        });
        return due;
    }
}
