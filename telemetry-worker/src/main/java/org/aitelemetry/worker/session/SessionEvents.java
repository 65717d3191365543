package org.aitelemetry.worker.session;

import java.time.Instant;
import java.util.Locale;
import org.aitelemetry.worker.session.events.SessionEvent;
import org.aitelemetry.worker.span.OutboxEntry;

/** The published event of a transition: the session's state after it, with the named columns its labels give. */
final class SessionEvents {

    private SessionEvents() {
    }

    static SessionEvent of(Transition transition, Instant occurredAt) {
        Session session = transition.session();
        SessionLabels named = session.named();
        String closeReason = session.closeReason() == null ? null : session.closeReason().name().toLowerCase(Locale.ROOT);
        return new SessionEvent(SessionEvent.Type.valueOf(transition.type().name()), session.fingerprint(),
                session.startsAt(), session.endsAt(), closeReason, session.alertName(), session.labels(), named.cluster(),
                named.node(), named.namespace(), named.pod(), named.container(), named.gpuUuid(), named.gpuInstanceId(),
                OutboxEntry.traceId(session.fingerprint(), session.startsAt()), occurredAt);
    }
}
