package org.aitelemetry.worker.session;

import static io.restassured.RestAssured.given;

import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.aitelemetry.worker.alert.AlertmanagerWebhookResource;

/** Alertmanager 0.25-shaped webhook bodies, posted with an {@code alerts-writer} token from the mock provider. */
final class WebhookBodies {

    static final String PATH = "/api/ingest/v1/alertmanager";
    private static final String NO_END = "0001-01-01T00:00:00Z";

    /** One alert of a body: resolved when it has an end. */
    record Alert(String fingerprint, Instant startsAt, Instant endsAt, Map<String, String> labels) {

        static Alert firing(String fingerprint, Instant startsAt, Map<String, String> labels) {
            return new Alert(fingerprint, startsAt, null, labels);
        }

        static Alert resolved(String fingerprint, Instant startsAt, Instant endsAt, Map<String, String> labels) {
            return new Alert(fingerprint, startsAt, endsAt, labels);
        }

        String json() {
            String status = endsAt == null ? "firing" : "resolved";
            return """
                    {"status":"%s","labels":%s,"annotations":{},"startsAt":"%s","endsAt":"%s",
                     "generatorURL":"http://prometheus/graph","fingerprint":"%s"}""".formatted(status, object(labels),
                    startsAt, endsAt == null ? NO_END : endsAt.toString(), fingerprint);
        }
    }

    static Map<String, String> gpuLabels(String uuid, String pod) {
        return Map.of("alertname", "GpuInUse", "cluster", "prod", "Hostname", "node-1", "UUID", uuid, "gpu", "3",
                "modelName", "NVIDIA H100 80GB HBM3", "namespace", "team-a", "pod", pod, "container", "trainer",
                "telemetry", "gpu-usage");
    }

    static String body(int truncated, List<Alert> alerts) {
        String status = alerts.stream().anyMatch(alert -> alert.endsAt() == null) ? "firing" : "resolved";
        return """
                {"receiver":"telemetry-worker","status":"%s","alerts":[%s],"groupLabels":{"cluster":"prod"},
                 "commonLabels":{"alertname":"GpuInUse"},"commonAnnotations":{},"externalURL":"http://alertmanager:9093",
                 "version":"4","groupKey":"{}/{telemetry=\\"gpu-usage\\"}:{cluster=\\"prod\\"}","truncatedAlerts":%d}"""
                .formatted(status, alerts.stream().map(Alert::json).collect(Collectors.joining(",")), truncated);
    }

    static ValidatableResponse post(String body) {
        return given().auth().oauth2(token()).contentType(ContentType.JSON).body(body).post(PATH).then();
    }

    static ValidatableResponse post(Alert... alerts) {
        return post(body(0, List.of(alerts)));
    }

    static String token() {
        return OidcWiremockTestResource.getAccessToken("alertmanager", Set.of(AlertmanagerWebhookResource.ALERTS_WRITER));
    }

    private static String object(Map<String, String> labels) {
        return labels.entrySet().stream().map(entry -> "\"" + entry.getKey() + "\":\"" + entry.getValue() + "\"")
                .collect(Collectors.joining(",", "{", "}"));
    }

    private WebhookBodies() {
    }
}
