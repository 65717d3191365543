package org.aitelemetry.worker.session;

import io.vertx.mutiny.core.eventbus.EventBus;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.aitelemetry.worker.session.events.SessionEventPublisher;

/**
 * What follows a committed change to sessions: metrics, the session events for downstream consumers (published after
 * the commit, so a consumer never hears of a change that was rolled back), and a nudge to the span exporter when
 * sessions became final (or opened, with start spans on).
 */
@ApplicationScoped
public class SessionOutcomes {

    private final SessionMetrics metrics;
    private final EventBus bus;
    private final SessionEventPublisher events;
    private final boolean startSpans;

    SessionOutcomes(SessionMetrics metrics, EventBus bus, SessionEventPublisher events, SessionConfig config) {
        this.metrics = metrics;
        this.bus = bus;
        this.events = events;
        this.startSpans = config.startSpans();
    }

    void applied(SessionLedger ledger) {
        metrics.drained(ledger);
        followUp(ledger.transitions());
    }

    void changed(List<Transition> transitions) {
        transitions.forEach(metrics::transition);
        followUp(transitions);
    }

    private void followUp(List<Transition> transitions) {
        boolean spansDue = transitions.stream().anyMatch(transition -> transition.type() == Transition.Type.FINALISED
                || startSpans && transition.type() == Transition.Type.OPENED);
        if (spansDue) {
            bus.publish(PipelineAddresses.SPANS_DUE, null);
        }
        if (!transitions.isEmpty()) {
            Instant now = Instant.now();
            events.publish(transitions.stream().map(transition -> SessionEvents.of(transition, now)).toList());
        }
    }

    void reconciled(String trigger, boolean complete) {
        metrics.reconciled(trigger, complete);
    }

    void unprocessable(int count) {
        metrics.unprocessable(count);
    }

    void live(long count) {
        metrics.live(count);
    }
}
