package org.aitelemetry.worker.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.worker.pipeline.AlertStatus;
import org.aitelemetry.worker.session.events.SessionEvent;
import org.aitelemetry.worker.span.SpanIds;
import org.junit.jupiter.api.Test;

class SessionEventsTest {

    private static final Instant START = Instant.parse("2026-11-21T10:00:00Z");

    @Test
    void carriesTheSessionsStateAfterTheTransitionWithNamedLabels() {
        Map<String, String> labels = new HashMap<>(Map.of("alertname", "GpuSliceInUse", "cluster", "hub-a",
                "Hostname", "gpu-node-1", "UUID", "GPU-aaaa", "GPU_I_ID", "2", "namespace", "team-a", "pod", "train-0",
                "container", "trainer"));
        SessionLedger ledger = new SessionLedger();
        SessionStateMachine machine = new SessionStateMachine(Duration.ofMinutes(15));
        machine.apply(new AlertNotification(1, "6cae35b7383d8acb", AlertStatus.RESOLVED, START, START.plusSeconds(600),
                labels, START.plusSeconds(601)), ledger);
        Instant now = Instant.parse("2026-11-21T12:15:00Z");

        SessionEvent event = SessionEvents.of(ledger.transitions().get(0), now);

        assertThat(event).isEqualTo(new SessionEvent(SessionEvent.Type.FINALISED, "6cae35b7383d8acb", START,
                START.plusSeconds(600), "resolved", "GpuSliceInUse", labels, "hub-a", "gpu-node-1", "team-a", "train-0",
                "trainer", "GPU-aaaa", 2, SpanIds.traceId("6cae35b7383d8acb", START), now));
        assertThat(List.copyOf(event.labels().keySet())).isSorted();
        labels.put("later", "change");
        assertThat(event.labels()).as("a copy, not a view").doesNotContainKey("later");
    }

    @Test
    void refusesEventsWithoutKeyTypeOrTime() {
        assertThatThrownBy(() -> new SessionEvent(SessionEvent.Type.OPENED, null, START, null, null, "GpuInUse",
                null, null, null, null, null, null, null, null, "t", Instant.now()))
                .isInstanceOf(NullPointerException.class).hasMessage("fingerprint");
    }
}
