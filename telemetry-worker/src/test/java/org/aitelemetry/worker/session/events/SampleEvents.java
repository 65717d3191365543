package org.aitelemetry.worker.session.events;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.aitelemetry.worker.session.events.SessionEvent.Type;
import org.aitelemetry.worker.span.SpanIds;

/** Session events as the state machine sends them: a MIG slice's session through every transition, a whole GPU's start. */
final class SampleEvents {

    static final Instant STARTS_AT = Instant.parse("2026-11-21T10:00:00.123Z");
    static final Instant FIRST_END = STARTS_AT.plus(Duration.ofMinutes(90));
    static final Instant FINAL_END = STARTS_AT.plus(Duration.ofMinutes(120));
    static final Map<String, String> SLICE_LABELS = Map.of("alertname", "GpuSliceInUse", "cluster", "hub-a",
            "Hostname", "gpu-node-1", "UUID", "GPU-aaaa", "GPU_I_ID", "2", "namespace", "team-a", "pod", "train-0",
            "container", "trainer");

    private SampleEvents() {
    }

    /** Opened, closing, close cancelled, closing again, finalised. */
    static List<SessionEvent> sliceLifecycle(String fingerprint) {
        return List.of(
                slice(Type.OPENED, fingerprint, null, null, STARTS_AT.plusSeconds(2)),
                slice(Type.CLOSING, fingerprint, FIRST_END, "resolved", FIRST_END.plusSeconds(2)),
                slice(Type.CLOSE_CANCELLED, fingerprint, null, null, FIRST_END.plusSeconds(60)),
                slice(Type.CLOSING, fingerprint, FINAL_END, "resolved", FINAL_END.plusSeconds(2)),
                slice(Type.FINALISED, fingerprint, FINAL_END, "resolved", FINAL_END.plus(Duration.ofMinutes(15))));
    }

    /** A whole GPU (no MIG instance) whose labels name no container. */
    static SessionEvent wholeGpuOpened(String fingerprint) {
        return new SessionEvent(Type.OPENED, fingerprint, STARTS_AT, null, null, "GpuInUse",
                Map.of("alertname", "GpuInUse", "cluster", "hub-a", "Hostname", "gpu-node-2", "UUID", "GPU-bbbb",
                        "namespace", "team-b", "pod", "serve-0"),
                "hub-a", "gpu-node-2", "team-b", "serve-0", null, "GPU-bbbb", null,
                SpanIds.traceId(fingerprint, STARTS_AT), STARTS_AT.plusSeconds(1));
    }

    private static SessionEvent slice(Type type, String fingerprint, Instant endsAt, String closeReason,
            Instant occurredAt) {
        return new SessionEvent(type, fingerprint, STARTS_AT, endsAt, closeReason, "GpuSliceInUse", SLICE_LABELS,
                "hub-a", "gpu-node-1", "team-a", "train-0", "trainer", "GPU-aaaa", 2,
                SpanIds.traceId(fingerprint, STARTS_AT), occurredAt);
    }
}
