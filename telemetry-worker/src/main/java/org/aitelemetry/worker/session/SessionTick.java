package org.aitelemetry.worker.session;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.util.List;

/**
 * The session processor's clock ({@code telemetry.sessions.every}): finalises closes whose grace period is over,
 * drains notifications a crash left pending (also once at start), and refreshes the open-sessions gauge.
 */
@ApplicationScoped
public class SessionTick {

    private final Pool pool;
    private final SessionProcessor processor;
    private final SessionOutcomes outcomes;

    SessionTick(Pool pool, SessionProcessor processor, SessionOutcomes outcomes) {
        this.pool = pool;
        this.processor = processor;
        this.outcomes = outcomes;
    }

    void onStart(@Observes StartupEvent start) {
        processor.request();
    }

    @Scheduled(identity = "usage-sessions", every = "${telemetry.sessions.every}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        processor.request();
        return finaliseDue(Instant.now()).replaceWithVoid();
    }

    /** Finalises every close whose grace period ended by {@code now}; returns them. */
    public Uni<List<Session>> finaliseDue(Instant now) {
        return pool.withTransaction(connection -> SessionStore.lockAll(connection)
                        .chain(() -> SessionStore.finaliseDue(connection, now))
                        .call(finalised -> connection.query(SessionSql.LIVE_COUNT).execute()
                                .invoke(rows -> outcomes.live(rows.iterator().next().getLong("live")))))
                .invoke(finalised -> outcomes.changed(finalised.stream()
                        .map(session -> new Transition(Transition.Type.FINALISED, session)).toList()));
    }
}
