package org.aitelemetry.worker.span;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * The seam between usage sessions and their spans, and the one type of this package the session service sees.
 * Sessions produce: a session is created with its trace's ids and link, and enters the span outbox inside the very
 * statement that makes its span due (atomic with that change, no round trip of its own). This package consumes: it
 * claims what entered, exports it, and moves each entry on. The SQL below is the outbox's ({@link OutboxSql}), lent to
 * the session service's statements.
 */
@ApplicationScoped
public class OutboxEntry {

    /** A new session's {@code export_state, start_export_state, next_export_at}, over {@code u(state, start_span)}. */
    public static final String OF_NEW_SESSION = OutboxSql.ENTRY_OF_NEW;
    /** {@code SET} items for a known session updated from {@code u(state)}: entry once it became final. */
    public static final String ON_UPDATE = OutboxSql.ENTRY_ON_UPDATE;
    /** {@code SET} items for sessions made final in place. */
    public static final String ON_FINAL = OutboxSql.ENTRY_ON_FINAL;

    private final TraceUrls traceUrls;

    OutboxEntry(TraceUrls traceUrls) {
        this.traceUrls = traceUrls;
    }

    /** A session's trace as it is stored when the session is created. */
    public record Trace(String traceId, String spanId, String url) {
    }

    /** The trace of the session that started at {@code startsAt} (contracts.md §3: ids from the session's key). */
    public Trace traceOf(String fingerprint, Instant startsAt) {
        String traceId = traceId(fingerprint, startsAt);
        return new Trace(traceId, SpanIds.spanId(fingerprint, startsAt, SpanIds.USAGE_SPAN), traceUrls.urlFor(traceId));
    }

    /** The trace id alone, for what names the session's trace without storing it (its published events). */
    public static String traceId(String fingerprint, Instant startsAt) {
        return SpanIds.traceId(fingerprint, startsAt);
    }
}
