package org.aitelemetry.worker.span;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Takes poison rows out of the outbox before they are sent with others: both steps of a batch pass their claim through
 * {@link #admit}, and quarantine what threw while they worked on it. A quarantined session is marked in the outbox
 * ({@link SpanOutbox#quarantine}), counted in {@code telemetry_spans_quarantined_total{reason}} and logged with its
 * reason; the rest of the batch goes on as if it had not been there.
 */
@ApplicationScoped
class SpanQuarantine {

    private static final Logger LOG = Logger.getLogger(SpanQuarantine.class);

    private final SpanOutbox outbox;
    private final SpanMetrics metrics;

    SpanQuarantine(SpanOutbox outbox, SpanMetrics metrics) {
        this.outbox = outbox;
        this.metrics = metrics;
    }

    /** The claimed sessions whose spans can be built; the others are quarantined first. */
    Uni<List<OutboxSession>> admit(List<OutboxSession> claimed) {
        List<OutboxSession> admitted = new ArrayList<>(claimed.size());
        List<Quarantine> poisoned = new ArrayList<>();
        for (OutboxSession session : claimed) {
            Optional<Quarantine> problem = Quarantine.of(session);
            problem.ifPresentOrElse(poisoned::add, () -> admitted.add(session));
        }
        return quarantine(poisoned).replaceWith(admitted);
    }

    Uni<Void> quarantine(List<Quarantine> poisoned) {
        if (poisoned.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return outbox.quarantine(poisoned).invoke(() -> poisoned.forEach(quarantine -> {
            metrics.quarantined(quarantine.reason());
            LOG.warnf("Session %d quarantined, its spans will not be exported (%s): %s", quarantine.sessionId(),
                    quarantine.reason(), quarantine.detail());
        }));
    }
}
