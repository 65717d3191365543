package org.aitelemetry.worker.alert;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Reads Alertmanager webhook bodies (version "4", contracts.md §1) leniently: unknown fields are ignored and optional
 * ones may be missing, as newer Alertmanagers add fields. Only what can never become a session is refused, with a
 * reason: no JSON object, another version, no alerts array, an alert without fingerprint, status or a valid start, an
 * end before the start, label sets that are not flat strings or are unreasonably large.
 */
public final class WebhookParser {

    static final String VERSION = "4";
    /** Alertmanager writes this for "no end" while an alert fires. */
    private static final Instant NO_END = Instant.parse("0001-01-01T00:00:00Z");
    /** Times a timestamp column holds and a usage session can have; anything else is a broken sender. */
    private static final Instant EARLIEST = Instant.parse("1970-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");
    private static final int MAX_FINGERPRINT = 64;
    /** Far above any real label set (a few hundred bytes), far below what would hurt the worker. */
    private static final int MAX_LABEL_BYTES = 64 * 1024;
    private static final int MAX_NESTING = 32;

    private final ObjectMapper json;

    public WebhookParser() {
        this.json = new ObjectMapper();
        json.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build());
    }

    public WebhookBatch parse(byte[] body) {
        if (body == null || body.length == 0) {
            throw new MalformedWebhookException("empty body");
        }
        JsonNode root = readTree(body);
        if (!root.isObject()) {
            throw new MalformedWebhookException("body is not a JSON object");
        }
        String version = root.path("version").asText(VERSION);
        if (!VERSION.equals(version)) {
            throw new MalformedWebhookException("unsupported webhook version '" + version + "', expected '4'");
        }
        JsonNode alerts = root.get("alerts");
        if (alerts == null || !alerts.isArray()) {
            throw new MalformedWebhookException("'alerts' must be an array");
        }
        List<WebhookAlert> parsed = new ArrayList<>(alerts.size());
        for (int i = 0; i < alerts.size(); i++) {
            parsed.add(alert(alerts.get(i), i));
        }
        return new WebhookBatch(Objects.requireNonNullElse(text(root, "receiver", 200), ""),
                status(root.path("status"), "batch", parsed), text(root, "groupKey", 4000),
                text(root, "externalURL", 2048), Math.max(0, root.path("truncatedAlerts").asInt(0)), parsed);
    }

    private JsonNode readTree(byte[] body) {
        try {
            return json.readTree(body);
        } catch (JsonProcessingException e) {
            throw new MalformedWebhookException("not valid JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new MalformedWebhookException("unreadable body: " + e.getMessage(), e);
        }
    }

    private static WebhookAlert alert(JsonNode alert, int index) {
        String where = "alerts[" + index + "]";
        if (!alert.isObject()) {
            throw new MalformedWebhookException(where + " is not an object");
        }
        String fingerprint = alert.path("fingerprint").asText("");
        if (fingerprint.isEmpty() || fingerprint.length() > MAX_FINGERPRINT || fingerprint.indexOf('\0') >= 0) {
            throw new MalformedWebhookException(where + ".fingerprint must be 1 to " + MAX_FINGERPRINT + " characters");
        }
        AlertStatus status = status(alert.path("status"), where, null);
        Instant startsAt = instant(alert.path("startsAt"), where + ".startsAt");
        if (startsAt == null) {
            throw new MalformedWebhookException(where + ".startsAt is required");
        }
        Instant endsAt = instant(alert.path("endsAt"), where + ".endsAt");
        if (endsAt != null && (endsAt.equals(NO_END) || status == AlertStatus.FIRING)) {
            endsAt = null;
        }
        if (endsAt != null && endsAt.isBefore(startsAt)) {
            throw new MalformedWebhookException(where + ": endsAt " + endsAt + " is before startsAt " + startsAt);
        }
        Map<String, String> labels = strings(alert.get("labels"), where + ".labels", true);
        return new WebhookAlert(fingerprint, status, startsAt, endsAt, labels,
                strings(alert.get("annotations"), where + ".annotations", false));
    }

    /** A batch without a status of its own takes its first alert's. */
    private static AlertStatus status(JsonNode node, String where, List<WebhookAlert> alerts) {
        String value = node.asText("").toUpperCase(Locale.ROOT);
        if (value.isEmpty() && alerts != null) {
            return alerts.isEmpty() ? AlertStatus.FIRING : alerts.get(0).status();
        }
        try {
            return AlertStatus.valueOf(value);
        } catch (IllegalArgumentException e) {
            throw new MalformedWebhookException(where + ".status must be 'firing' or 'resolved', not '" + node.asText() + "'");
        }
    }

    private static Instant instant(JsonNode node, String where) {
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        Instant time;
        try {
            time = Instant.parse(node.asText());
        } catch (DateTimeException e) {
            throw new MalformedWebhookException(where + " is not an RFC 3339 time: '" + node.asText() + "'", e);
        }
        if (!time.equals(NO_END) && (time.isBefore(EARLIEST) || time.isAfter(LATEST))) {
            throw new MalformedWebhookException(where + " is out of range (1970 to 9999): '" + node.asText() + "'");
        }
        return time;
    }

    private static Map<String, String> strings(JsonNode node, String where, boolean required) {
        if (node == null || node.isNull()) {
            if (required) {
                throw new MalformedWebhookException(where + " is required");
            }
            return Map.of();
        }
        if (!node.isObject()) {
            throw new MalformedWebhookException(where + " must be an object of strings");
        }
        Map<String, String> values = new HashMap<>();
        int bytes = 0;
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            if (!entry.getValue().isValueNode()) {
                throw new MalformedWebhookException(where + "." + entry.getKey() + " must be a string");
            }
            String value = entry.getValue().asText();
            if (entry.getKey().indexOf('\0') >= 0 || value.indexOf('\0') >= 0) {
                throw new MalformedWebhookException(where + "." + entry.getKey() + " contains a NUL character");
            }
            bytes += entry.getKey().length() + value.length();
            if (bytes > MAX_LABEL_BYTES) {
                throw new MalformedWebhookException(where + " exceed " + MAX_LABEL_BYTES + " bytes");
            }
            values.put(entry.getKey(), value);
        }
        return values;
    }

    /**
     * An informational text field, cut to its column's width. PostgreSQL text cannot hold NUL: such a batch could
     * never be stored, so it is refused.
     */
    private static String text(JsonNode root, String field, int width) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        String text = node.asText();
        if (text.indexOf('\0') >= 0) {
            throw new MalformedWebhookException(field + " contains a NUL character");
        }
        return text.length() > width ? text.substring(0, width) : text;
    }
}
