package org.aitelemetry.worker.span;

import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.TraceId;
import java.time.Instant;
import java.util.Optional;

/**
 * Why a session can never leave through the outbox: retrying it would fail the same way for ever and delay every
 * session claimed with it (acceptance scenario 29). {@code reason} is a metric tag, {@code detail} the stored reason.
 *
 * @param reason {@value #TIMES}, {@value #IDS} or {@value #FAILED}
 */
record Quarantine(long sessionId, String reason, String detail) {

    /** A time a span cannot carry: OTLP and the SDK count time in nanoseconds since 1970 in a signed 64-bit long. */
    static final String TIMES = "time-out-of-range";
    /** Trace or span id that is not valid hex of the right length: the collector would refuse the whole request. */
    static final String IDS = "invalid-ids";
    /** Building the session's spans or reading its aggregates threw: the same row would throw again. */
    static final String FAILED = "build-failed";

    private static final Instant EARLIEST = Instant.EPOCH;
    private static final Instant LATEST = Instant.ofEpochSecond(0, Long.MAX_VALUE);

    /** The session's problem, found from the row alone, or empty when its spans can be built. */
    static Optional<Quarantine> of(OutboxSession session) {
        if (!representable(session.startsAt()) || session.endsAt() != null && !representable(session.endsAt())) {
            return Optional.of(new Quarantine(session.id(), TIMES, "times " + session.startsAt() + " to "
                    + session.endsAt() + " lie outside what a span can carry (" + EARLIEST + " to " + LATEST + ")"));
        }
        if (session.endsAt() != null && session.endsAt().isBefore(session.startsAt())) {
            return Optional.of(new Quarantine(session.id(), TIMES, "endsAt " + session.endsAt()
                    + " is before startsAt " + session.startsAt()));
        }
        if (!TraceId.isValid(session.traceId()) || !SpanId.isValid(session.spanId())) {
            return Optional.of(new Quarantine(session.id(), IDS, "trace id '" + session.traceId() + "' or span id '"
                    + session.spanId() + "' is not a valid OpenTelemetry id"));
        }
        return Optional.empty();
    }

    /** {@code stage} threw for the session. */
    static Quarantine failed(OutboxSession session, String stage, Throwable failure) {
        return new Quarantine(session.id(), FAILED, stage + ": " + failure);
    }

    private static boolean representable(Instant time) {
        return !time.isBefore(EARLIEST) && !time.isAfter(LATEST);
    }
}
