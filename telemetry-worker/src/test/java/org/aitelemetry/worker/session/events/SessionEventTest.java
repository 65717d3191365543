package org.aitelemetry.worker.session.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import org.aitelemetry.model.usage.CloseReason;
import org.aitelemetry.model.usage.UsageSession;
import org.aitelemetry.worker.session.events.SessionEvent.Type;
import org.aitelemetry.worker.span.SpanIds;
import org.junit.jupiter.api.Test;

class SessionEventTest {

    @Test
    void carriesTheSessionsStateWithALowercaseCloseReasonAndSortedLabels() {
        UsageSession session = new UsageSession();
        session.fingerprint = "6cae35b7383d8acb";
        session.startsAt = SampleEvents.STARTS_AT;
        session.endsAt = SampleEvents.FINAL_END;
        session.closeReason = CloseReason.SUPERSEDED;
        session.alertName = "GpuSliceInUse";
        session.labels = new HashMap<>(SampleEvents.SLICE_LABELS);
        session.clusterName = "hub-a";
        session.nodeName = "gpu-node-1";
        session.namespace = "team-a";
        session.pod = "train-0";
        session.container = "trainer";
        session.gpuUuid = "GPU-aaaa";
        session.gpuInstanceId = 2;
        session.traceId = SpanIds.traceId(session.fingerprint, session.startsAt);
        Instant now = Instant.parse("2026-11-21T12:15:00Z");

        SessionEvent event = SessionEvent.of(Type.FINALISED, session, now);

        assertThat(event).isEqualTo(new SessionEvent(Type.FINALISED, "6cae35b7383d8acb", SampleEvents.STARTS_AT,
                SampleEvents.FINAL_END, "superseded", "GpuSliceInUse", SampleEvents.SLICE_LABELS, "hub-a",
                "gpu-node-1", "team-a", "train-0", "trainer", "GPU-aaaa", 2, session.traceId, now));
        assertThat(List.copyOf(event.labels().keySet())).isSorted();
        session.labels.put("later", "change");
        assertThat(event.labels()).as("a copy, not a view of the entity").doesNotContainKey("later");
    }

    @Test
    void refusesEventsWithoutKeyTypeOrTime() {
        assertThatThrownBy(() -> new SessionEvent(Type.OPENED, null, SampleEvents.STARTS_AT, null, null, "GpuInUse",
                null, null, null, null, null, null, null, null, "t", Instant.now()))
                .isInstanceOf(NullPointerException.class).hasMessage("fingerprint");
    }
}
