package org.aitelemetry.site.session;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.ngsild.NgsiLdTerm;
import org.aitelemetry.site.ngsild.NgsiLdTerms;

/** NGSI-LD terms of GPU usage sessions. */
@ApplicationScoped
public class SessionTerms implements NgsiLdTerms {

    static final NgsiLdTerm SLICE = NgsiLdTerm.of("slice", "The MIG slice used (Relationship to a GpuSlice).");
    static final NgsiLdTerm MIG_PROFILE = NgsiLdTerm.of("migProfile", "MIG profile, for a session on a slice.");
    static final NgsiLdTerm STARTS_AT = NgsiLdTerm.of("startsAt", "When use of the GPU began.");
    static final NgsiLdTerm ENDS_AT = NgsiLdTerm.of("endsAt", "When use of the GPU ended; absent while open.");
    static final NgsiLdTerm SESSION_STATE = NgsiLdTerm.of("sessionState",
            "OPEN while the GPU is in use, CLOSING during the grace period after a resolve, FINAL once ended.");
    static final NgsiLdTerm CLOSE_REASON = NgsiLdTerm.of("closeReason",
            "Why the session ended: RESOLVED, SUPERSEDED or UNOBSERVED.");
    static final NgsiLdTerm DURATION = NgsiLdTerm.measured("durationSeconds", "End minus start.", "SEC", "second");
    static final NgsiLdTerm GPU_SECONDS = NgsiLdTerm.measured("gpuSeconds", "GPU time used.", null, "GPU-second");
    static final NgsiLdTerm TRACE_ID = NgsiLdTerm.of("traceId", "Trace id of the session's span (32 hex digits).");
    static final NgsiLdTerm SPAN_ID = NgsiLdTerm.of("spanId", "Span id of the session's span (16 hex digits).");
    static final NgsiLdTerm TRACE_URL = NgsiLdTerm.of("traceUrl", "Link to the session's trace in Tempo.");
    static final NgsiLdTerm EXPORT_STATE = NgsiLdTerm.of("exportState",
            "Whether the session's span has reached the trace store: NOT_READY, PENDING, EXPORTED or QUARANTINED"
                    + " (it never can).");

    @Override
    public List<NgsiLdTerm> terms() {
        return List.of(SLICE, MIG_PROFILE, STARTS_AT, ENDS_AT, SESSION_STATE, CLOSE_REASON,
                DURATION, GPU_SECONDS, TRACE_ID, SPAN_ID, TRACE_URL, EXPORT_STATE);
    }
}
