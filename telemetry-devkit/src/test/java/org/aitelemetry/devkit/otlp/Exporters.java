package org.aitelemetry.devkit.otlp;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.testing.trace.TestSpanData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The OpenTelemetry SDK's own OTLP/HTTP exporter and span data, as the worker will use them. */
final class Exporters {

    static final Resource RESOURCE = Resource.create(Attributes.builder()
            .put("service.name", "ai-telemetry-gpu-usage").build());

    /** Two quick attempts, so that fault tests take milliseconds rather than the default policy's seconds. */
    private static final RetryPolicy QUICK_RETRY = RetryPolicy.builder().setMaxAttempts(2)
            .setInitialBackoff(Duration.ofMillis(10)).setMaxBackoff(Duration.ofMillis(20)).build();

    private Exporters() {
    }

    static OtlpHttpSpanExporter protobuf(OtlpReceiver receiver) {
        return builder(receiver).build();
    }

    static OtlpHttpSpanExporter gzip(OtlpReceiver receiver) {
        return builder(receiver).setCompression("gzip").build();
    }

    private static OtlpHttpSpanExporterBuilder builder(OtlpReceiver receiver) {
        return OtlpHttpSpanExporter.builder().setEndpoint(receiver.tracesUrl()).setTimeout(Duration.ofSeconds(5))
                .setRetryPolicy(QUICK_RETRY);
    }

    static boolean export(OtlpHttpSpanExporter exporter, SpanData... spans) {
        CompletableResultCode result = exporter.export(List.of(spans)).join(10, TimeUnit.SECONDS);
        assertThat(result.isDone()).as("export finished").isTrue();
        return result.isSuccess();
    }

    /** An ended INTERNAL span with the given ids (hex) and times; a null parent makes a root span. */
    static TestSpanData.Builder span(String traceId, String spanId, String parentSpanId, Instant start, Instant end) {
        TestSpanData.Builder span = TestSpanData.builder()
                .setSpanContext(context(traceId, spanId))
                .setName("gpu.usage")
                .setKind(SpanKind.INTERNAL)
                .setStartEpochNanos(nanos(start))
                .setEndEpochNanos(nanos(end))
                .setResource(RESOURCE)
                .setStatus(StatusData.unset())
                .setHasEnded(true);
        if (parentSpanId != null) {
            span.setParentSpanContext(context(traceId, parentSpanId));
        }
        return span;
    }

    static long nanos(Instant instant) {
        return TimeUnit.SECONDS.toNanos(instant.getEpochSecond()) + instant.getNano();
    }

    private static SpanContext context(String traceId, String spanId) {
        return SpanContext.create(traceId, spanId, TraceFlags.getSampled(), TraceState.getDefault());
    }
}
