package org.aitelemetry.worker.alert;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.aitelemetry.worker.json.StrictJson;
import org.aitelemetry.worker.json.StrictJsonException;
import org.aitelemetry.worker.pipeline.AlertStatus;

/**
 * Reads Alertmanager webhook bodies (version "4", contracts.md §1) leniently: unknown fields are ignored and optional
 * ones may be missing, as newer Alertmanagers add fields. What can never become a session is refused with a reason.
 * The whole body, when it is no strict JSON ({@link StrictJson}), no JSON object, another version, has no alerts array,
 * an alert without fingerprint or status, or label sets that are not flat strings or are unreasonably large: the
 * sender is broken. One alert, when its times are unreadable or outside the {@link AlertTimeWindow}: its clock is
 * broken, not the batch, so the batch's other alerts still count ({@link WebhookBatch#refused()}).
 */
public final class WebhookParser {

    static final String VERSION = "4";
    /** Alertmanager writes this for "no end" while an alert fires. */
    private static final Instant NO_END = Instant.parse("0001-01-01T00:00:00Z");
    private static final int MAX_FINGERPRINT = 64;
    /** Far above any real label set (a few hundred bytes), far below what would hurt the worker. */
    private static final int MAX_LABEL_BYTES = 64 * 1024;
    private static final int MAX_NESTING = 32;
    private static final int MAX_QUOTED = 64;

    private final StrictJson json = new StrictJson(MAX_NESTING);
    private final AlertTimeWindow window;

    public WebhookParser(AlertTimeWindow window) {
        this.window = window;
    }

    /** @param now the worker's time, against which the alerts' times are judged */
    public WebhookBatch parse(byte[] body, Instant now) {
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
        List<WebhookBatch.Refused> refused = new ArrayList<>();
        for (int i = 0; i < alerts.size(); i++) {
            WebhookAlert alert = alert(alerts.get(i), i);
            Optional<String> outside = Optional.ofNullable(unreadable(alerts.get(i), alert.status()))
                    .or(() -> window.refusal(alert.startsAt(), alert.endsAt(), now));
            if (outside.isPresent()) {
                refused.add(new WebhookBatch.Refused(i, alert.fingerprint(), outside.get()));
            } else {
                parsed.add(alert);
            }
        }
        return new WebhookBatch(Objects.requireNonNullElse(text(root, "receiver", 200), ""),
                status(root.path("status"), "batch", parsed), text(root, "groupKey", 4000),
                text(root, "externalURL", 2048), Math.max(0, root.path("truncatedAlerts").asInt(0)), parsed, refused);
    }

    private JsonNode readTree(byte[] body) {
        try {
            return json.read(body);
        } catch (StrictJsonException e) {
            throw new MalformedWebhookException(e.getMessage(), e);
        }
    }

    /**
     * The alert with its times as sent: a firing alert, or a resolved one with Alertmanager's zero time, has no end.
     * An unreadable time is null here; {@link #unreadable} says why.
     */
    private static WebhookAlert alert(JsonNode alert, int index) {
        String where = "alerts[" + index + "]";
        if (!alert.isObject()) {
            throw new MalformedWebhookException(where + " is not an object");
        }
        String fingerprint = alert.path("fingerprint").asText("");
        if (fingerprint.isEmpty() || fingerprint.length() > MAX_FINGERPRINT) {
            throw new MalformedWebhookException(where + ".fingerprint must be 1 to " + MAX_FINGERPRINT + " characters");
        }
        AlertStatus status = status(alert.path("status"), where, null);
        Map<String, String> labels = strings(alert.get("labels"), where + ".labels", true);
        Map<String, String> annotations = strings(alert.get("annotations"), where + ".annotations", false);
        Instant startsAt = instant(alert.path("startsAt"));
        Instant endsAt = status == AlertStatus.FIRING ? null : instant(alert.path("endsAt"));
        return new WebhookAlert(fingerprint, status, startsAt, NO_END.equals(endsAt) ? null : endsAt, labels,
                annotations);
    }

    /** Why the alert's times cannot be read, or null when they can. */
    private static String unreadable(JsonNode alert, AlertStatus status) {
        if (alert.path("startsAt").isMissingNode() || alert.path("startsAt").isNull()) {
            return "startsAt is required";
        }
        if (instant(alert.path("startsAt")) == null) {
            return "startsAt is not an RFC 3339 time: " + quoted(alert.path("startsAt"));
        }
        JsonNode endsAt = alert.path("endsAt");
        if (status == AlertStatus.RESOLVED && !endsAt.isMissingNode() && !endsAt.isNull() && instant(endsAt) == null) {
            return "endsAt is not an RFC 3339 time: " + quoted(endsAt);
        }
        return null;
    }

    /** The value as sent, cut short: it goes into the answer and the log. */
    private static String quoted(JsonNode node) {
        String text = node.asText();
        return "'" + (text.length() > MAX_QUOTED ? text.substring(0, MAX_QUOTED) + "…" : text) + "'";
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

    /** The time, or null when absent or not RFC 3339. */
    private static Instant instant(JsonNode node) {
        if (!node.isTextual()) {
            return null;
        }
        try {
            return Instant.parse(node.asText());
        } catch (DateTimeException e) {
            return null;
        }
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
            bytes += entry.getKey().length() + value.length();
            if (bytes > MAX_LABEL_BYTES) {
                throw new MalformedWebhookException(where + " exceed " + MAX_LABEL_BYTES + " bytes");
            }
            values.put(entry.getKey(), value);
        }
        return values;
    }

    /** An informational text field, cut to its column's width. */
    private static String text(JsonNode root, String field, int width) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        String text = node.asText();
        return text.length() > width ? text.substring(0, width) : text;
    }
}
