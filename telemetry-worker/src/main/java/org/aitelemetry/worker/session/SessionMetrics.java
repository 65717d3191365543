package org.aitelemetry.worker.session;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/** The session processor's figures on /q/metrics. */
@ApplicationScoped
public class SessionMetrics {

    private final MeterRegistry registry;
    private final Counter repeated;
    private final Counter late;
    private final Counter unprocessable;
    private final AtomicLong live = new AtomicLong();
    private final Gauge liveGauge;

    SessionMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.repeated = Counter.builder("telemetry.alerts.duplicated").tag("kind", "repeat")
                .description("Notifications that changed nothing: re-sent firings and resolves").register(registry);
        this.late = Counter.builder("telemetry.alerts.duplicated").tag("kind", "late")
                .description("Firings that arrived after their session was final").register(registry);
        this.unprocessable = Counter.builder("telemetry.alerts.unprocessable")
                .description("Stored notifications the state machine could not apply (logged with their id)")
                .register(registry);
        this.liveGauge = Gauge.builder("telemetry.sessions.open", live, AtomicLong::get)
                .description("Open and closing usage sessions, as of the last tick").register(registry);
    }

    /** The registry outlives the application when several start in one JVM (tests): the gauge must not. */
    @PreDestroy
    void removeGauge() {
        registry.remove(liveGauge);
    }

    void drained(SessionLedger ledger) {
        repeated.increment(ledger.duplicates());
        late.increment(ledger.lateDuplicates());
        ledger.transitions().forEach(this::transition);
    }

    void transition(Transition transition) {
        Counter.builder("telemetry.sessions.transitions")
                .tag("type", transition.type().name().toLowerCase(Locale.ROOT))
                .tag("reason", transition.session().closeReason() == null ? "none"
                        : transition.session().closeReason().name().toLowerCase(Locale.ROOT))
                .description("Session state changes").register(registry).increment();
    }

    /** A reconciliation ran ({@code trigger}: schedule or truncated) and could ask every Alertmanager, or not. */
    void reconciled(String trigger, boolean complete) {
        Counter.builder("telemetry.sessions.reconciliations").tag("trigger", trigger)
                .tag("outcome", complete ? "complete" : "skipped")
                .description("Reconciliations against Alertmanager; skipped when a peer did not answer")
                .register(registry).increment();
    }

    void unprocessable(int count) {
        unprocessable.increment(count);
    }

    /** Open and closing sessions, refreshed by the tick. */
    void live(long count) {
        live.set(count);
    }
}
