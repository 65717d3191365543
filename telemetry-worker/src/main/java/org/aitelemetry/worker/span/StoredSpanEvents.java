package org.aitelemetry.worker.span;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.trace.data.EventData;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A session's stored span events ({@code usage_session_event}) as the export claim returns them, one JSON array of
 * {@code {name, at, attributes}} per session, turned into span events. Attribute values keep their JSON type:
 * text, integer, decimal, boolean, or an array of text; nulls are left out.
 */
final class StoredSpanEvents {

    private StoredSpanEvents() {
    }

    static List<EventData> of(Object column) {
        if (!(column instanceof JsonArray stored)) {
            return List.of();
        }
        List<EventData> events = new ArrayList<>(stored.size());
        for (int i = 0; i < stored.size(); i++) {
            JsonObject event = stored.getJsonObject(i);
            Instant at = OffsetDateTime.parse(event.getString("at")).toInstant();
            events.add(EventData.create(TimeUnit.SECONDS.toNanos(at.getEpochSecond()) + at.getNano(),
                    event.getString("name"), attributes(event.getJsonObject("attributes"))));
        }
        return List.copyOf(events);
    }

    private static Attributes attributes(JsonObject json) {
        AttributesBuilder attributes = Attributes.builder();
        if (json == null) {
            return attributes.build();
        }
        json.forEach(entry -> {
            Object value = entry.getValue();
            if (value instanceof String text) {
                attributes.put(entry.getKey(), text);
            } else if (value instanceof Boolean flag) {
                attributes.put(entry.getKey(), flag);
            } else if (value instanceof Integer || value instanceof Long) {
                attributes.put(entry.getKey(), ((Number) value).longValue());
            } else if (value instanceof Number number) {
                attributes.put(entry.getKey(), number.doubleValue());
            } else if (value instanceof JsonArray array) {
                attributes.put(AttributeKey.stringArrayKey(entry.getKey()),
                        array.stream().map(String::valueOf).toList());
            }
        });
        return attributes.build();
    }
}
