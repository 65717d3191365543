package org.aitelemetry.devkit.otlp;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A span as the {@link OtlpReceiver} decoded it. Ids are lowercase hex; times keep the nanoseconds the exporter sent.
 * Attribute values are {@code String}, {@code Boolean}, {@code Long}, {@code Double}, {@code List} (arrays),
 * {@code Map} (key-value lists), a read-only {@code ByteBuffer} (bytes), or {@code null} for an empty value.
 *
 * @param parentSpanIdHex {@code null} for a root span
 * @param kind the OTLP span kind without its prefix: {@code INTERNAL}, {@code SERVER}, {@code CLIENT}, …
 * @param resourceAttributes the attributes of the resource the span was exported with ({@code service.name}, …)
 */
public record ReceivedSpan(String traceIdHex, String spanIdHex, String parentSpanIdHex, String name, String kind,
        Instant startTime, Instant endTime, Map<String, Object> attributes, Map<String, Object> resourceAttributes,
        List<Event> events, Status status) {

    /** A span event, such as a health verdict change during a session. */
    public record Event(String name, Instant time, Map<String, Object> attributes) {
    }

    /** @param code {@code UNSET}, {@code OK} or {@code ERROR} */
    public record Status(String code, String message) {
    }

    public List<String> eventNames() {
        return events.stream().map(Event::name).toList();
    }
}
