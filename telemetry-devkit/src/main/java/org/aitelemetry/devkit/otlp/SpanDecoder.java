package org.aitelemetry.devkit.otlp;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns the protobuf messages of an export request into {@link ReceivedSpan}s, in the order they were sent. */
final class SpanDecoder {

    private static final HexFormat HEX = HexFormat.of();

    private SpanDecoder() {
    }

    static List<ReceivedSpan> spans(ExportTraceServiceRequest request) {
        List<ReceivedSpan> spans = new ArrayList<>();
        for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
            Map<String, Object> resource = attributes(resourceSpans.getResource().getAttributesList());
            for (ScopeSpans scopeSpans : resourceSpans.getScopeSpansList()) {
                for (Span span : scopeSpans.getSpansList()) {
                    spans.add(span(span, resource));
                }
            }
        }
        return spans;
    }

    private static ReceivedSpan span(Span span, Map<String, Object> resource) {
        List<ReceivedSpan.Event> events = span.getEventsList().stream()
                .map(event -> new ReceivedSpan.Event(event.getName(), instant(event.getTimeUnixNano()),
                        attributes(event.getAttributesList())))
                .toList();
        return new ReceivedSpan(hex(span.getTraceId()), hex(span.getSpanId()),
                span.getParentSpanId().isEmpty() ? null : hex(span.getParentSpanId()), span.getName(),
                span.getKind().name().replaceFirst("^SPAN_KIND_", ""),
                instant(span.getStartTimeUnixNano()), instant(span.getEndTimeUnixNano()),
                attributes(span.getAttributesList()), resource, events,
                new ReceivedSpan.Status(span.getStatus().getCode().name().replaceFirst("^STATUS_CODE_", ""),
                        span.getStatus().getMessage()));
    }

    private static Map<String, Object> attributes(List<KeyValue> keyValues) {
        Map<String, Object> attributes = new LinkedHashMap<>();
        for (KeyValue keyValue : keyValues) {
            attributes.put(keyValue.getKey(), value(keyValue.getValue()));
        }
        return Collections.unmodifiableMap(attributes);
    }

    private static Object value(AnyValue value) {
        return switch (value.getValueCase()) {
            case STRING_VALUE -> value.getStringValue();
            case BOOL_VALUE -> value.getBoolValue();
            case INT_VALUE -> value.getIntValue();
            case DOUBLE_VALUE -> value.getDoubleValue();
            case ARRAY_VALUE -> value.getArrayValue().getValuesList().stream().map(SpanDecoder::value).toList();
            case KVLIST_VALUE -> attributes(value.getKvlistValue().getValuesList());
            case BYTES_VALUE -> value.getBytesValue().asReadOnlyByteBuffer();
            case VALUE_NOT_SET -> null;
        };
    }

    /** OTLP times are unsigned nanoseconds since the epoch; a long holds them until the year 2262. */
    private static Instant instant(long epochNanos) {
        return Instant.ofEpochSecond(0, epochNanos);
    }

    private static String hex(ByteString bytes) {
        return HEX.formatHex(bytes.toByteArray());
    }
}
