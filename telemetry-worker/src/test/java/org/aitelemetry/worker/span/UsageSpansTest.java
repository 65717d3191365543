package org.aitelemetry.worker.span;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What a session's spans say, attribute by attribute (contracts.md §3). */
class UsageSpansTest {

    private static final Instant START = Instant.parse("2026-03-14T15:09:26.535897Z");
    private static final Instant END = Instant.parse("2026-03-14T17:10:00.000001Z");
    private static final String FINGERPRINT = "a1b2c3d4e5f60718";

    private final UsageSpans spans = new UsageSpans("1.2.3");

    @Test
    void theFinalSpanCarriesTheSessionItsIdsAndItsAggregates() {
        OutboxSession slice = session(3, "3g.40gb", "nlp", 61.5, null, 3105.4);

        SpanData span = spans.usage(slice);

        assertThat(span.getName()).isEqualTo("gpu.usage");
        assertThat(span.getKind()).isEqualTo(SpanKind.INTERNAL);
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(span.getTraceId()).isEqualTo(SpanIds.traceId(FINGERPRINT, START));
        assertThat(span.getSpanId()).isEqualTo(SpanIds.spanId(FINGERPRINT, START, SpanIds.USAGE_SPAN));
        assertThat(span.getParentSpanContext().isValid()).isFalse();
        assertThat(span.getStartEpochNanos()).isEqualTo(1_773_500_966_535_897_000L);
        assertThat(span.getEndEpochNanos()).isEqualTo(1_773_508_200_000_001_000L);
        assertThat(span.hasEnded()).isTrue();
        assertThat(span.getResource().getAttribute(AttributeKey.stringKey("service.name")))
                .isEqualTo("ai-telemetry-gpu-usage");
        assertThat(span.getResource().getAttribute(AttributeKey.stringKey("service.version"))).isEqualTo("1.2.3");
        assertThat(span.getInstrumentationScopeInfo().getName()).isEqualTo("org.aitelemetry.worker");
        assertThat(attributes(span)).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry("k8s.cluster.name", "hub-a"), Map.entry("k8s.node.name", "node-1"),
                Map.entry("k8s.namespace.name", "nlp-team"), Map.entry("k8s.pod.name", "trainer-0"),
                Map.entry("k8s.container.name", "main"), Map.entry("gpu.uuid", "GPU-1"), Map.entry("gpu.index", 2L),
                Map.entry("gpu.model", "NVIDIA H100 80GB HBM3"), Map.entry("gpu.mig.profile", "3g.40gb"),
                Map.entry("gpu.mig.instance_id", 3L), Map.entry("research.project", "nlp"),
                Map.entry("alert.name", "GpuSliceInUse"), Map.entry("alert.fingerprint", FINGERPRINT),
                Map.entry("session.close_reason", "superseded"), Map.entry("gpu.utilization.avg", 61.5),
                Map.entry("gpu.seconds", 3105.4)));
        assertThat(span.getTotalAttributeCount()).isEqualTo(16);
    }

    @Test
    void attributesWithoutAValueAreLeftOutAndTheNamespaceNamesTheProject() {
        OutboxSession wholeGpu = session(null, null, null, null, null, null);

        Map<String, Object> attributes = attributes(spans.usage(wholeGpu));

        assertThat(attributes).doesNotContainKeys("gpu.mig.profile", "gpu.mig.instance_id", "gpu.utilization.avg",
                "gpu.energy.joules", "gpu.seconds");
        assertThat(attributes).containsEntry("research.project", "nlp-team");
    }

    @Test
    void theStartSpanIsZeroLengthAtTheStartInTheSameTraceWithoutCloseFigures() {
        OutboxSession session = session(null, null, null, 80.0, 1000.0, 60.0);

        SpanData start = spans.start(session);

        assertThat(start.getName()).isEqualTo("gpu.usage.start");
        assertThat(start.getTraceId()).isEqualTo(SpanIds.traceId(FINGERPRINT, START));
        assertThat(start.getSpanId()).isEqualTo(SpanIds.spanId(FINGERPRINT, START, SpanIds.START_SPAN))
                .isNotEqualTo(spans.usage(session).getSpanId());
        assertThat(start.getStartEpochNanos()).isEqualTo(start.getEndEpochNanos()).isEqualTo(1_773_500_966_535_897_000L);
        assertThat(attributes(start)).containsEntry("gpu.uuid", "GPU-1")
                .doesNotContainKeys("session.close_reason", "gpu.utilization.avg", "gpu.energy.joules", "gpu.seconds");
    }

    private static OutboxSession session(Integer gpuInstanceId, String profile, String project, Double utilization,
            Double energy, Double gpuSeconds) {
        return new OutboxSession(1, FINGERPRINT, START, END, "SUPERSEDED", gpuInstanceId == null ? "GpuInUse"
                : "GpuSliceInUse", "hub-a", "node-1", "nlp-team", "trainer-0", "main", "GPU-1", 2,
                "NVIDIA H100 80GB HBM3", gpuInstanceId, profile, project, SpanIds.traceId(FINGERPRINT, START),
                SpanIds.spanId(FINGERPRINT, START, SpanIds.USAGE_SPAN), true, false, 0, END, utilization, energy,
                gpuSeconds, null, List.of());
    }

    private static Map<String, Object> attributes(SpanData span) {
        return span.getAttributes().asMap().entrySet().stream()
                .collect(Collectors.toMap(entry -> entry.getKey().getKey(), Map.Entry::getValue));
    }
}
