package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.aitelemetry.devkit.alertmanager.SessionAlert;
import org.aitelemetry.devkit.bench.AlertGroup.Notification;
import org.junit.jupiter.api.Test;

/**
 * The benchmark's workload is what Alertmanager 0.25 would send for the shipped rules and receiver: bodies of the
 * fixtures' shape, one node per body, real fingerprints, and for every session a firing before its one resolve.
 */
class AlertGroupTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2026-11-21T21:23:49.841Z");

    @Test
    void fingerprintIsAlertmanagersForTheSameLabels() {
        // alertmanager-0.25-firing.json, as a real Alertmanager 0.25 posted it.
        TreeMap<String, String> labels = new TreeMap<>(Map.of("Hostname", "node1", "alertname", "GpuHot", "gpu", "0",
                "instance", "node1", "job", "dcgm", "severity", "page"));

        assertThat(SessionAlert.fingerprint(labels)).isEqualTo("6cae35b7383d8acb");
    }

    @Test
    void bodyHasTheShapeOfAnAlertmanagerNotificationForOneNode() throws IOException {
        AlertGroup group = new AlertGroup(3, 50);

        JsonNode body = JSON.readTree(group.next(20, 0, NOW).body());

        assertThat(body.path("version").asText()).isEqualTo("4");
        assertThat(body.path("status").asText()).isEqualTo("firing");
        assertThat(body.path("receiver").asText()).isEqualTo("telemetry-worker");
        assertThat(body.path("truncatedAlerts").asInt(-1)).isZero();
        assertThat(body.path("groupKey").asText())
                .isEqualTo("{}/{telemetry=\"gpu-usage\"}:{Hostname=\"gpu-node-0000\", cluster=\"cluster-3\"}");
        assertThat(fields(body.path("groupLabels"))).containsOnlyKeys("Hostname", "cluster");
        assertThat(fields(body.path("commonLabels"))).containsEntry("telemetry", "gpu-usage")
                .containsEntry("severity", "none").containsEntry("alertname", "GpuSliceInUse")
                .containsEntry("cluster", "cluster-3").doesNotContainKey("pod");
        JsonNode alert = body.path("alerts").get(0);
        assertThat(fields(alert.path("labels"))).containsKeys("alertname", "cluster", "Hostname", "UUID", "gpu",
                "modelName", "namespace", "pod", "container", "severity", "telemetry", "GPU_I_ID", "GPU_I_PROFILE");
        assertThat(alert.path("annotations").path("summary").asText()).startsWith("MIG slice 1g.10gb");
        assertThat(alert.path("startsAt").asText()).isEqualTo("2026-11-21T21:22:49.841Z");
        assertThat(alert.path("endsAt").asText()).isEqualTo("0001-01-01T00:00:00Z");
        assertThat(alert.path("fingerprint").asText()).matches("[0-9a-f]{16}");
        assertThat(alert.path("generatorURL").asText()).startsWith("http://prometheus.example:9090/graph?g0.expr=");
    }

    @Test
    void everySessionFiresBeforeItsOneResolveAndOnlyOpenSessionsAreResent() throws IOException {
        AlertGroup group = new AlertGroup(0, 20);
        Map<String, String> state = new HashMap<>();
        int opened = 0;
        int resolved = 0;
        int duplicates = 0;
        for (int i = 0; i < 200; i++) {
            Notification notification = group.next(1 + i % 60, 0.25, NOW.plusSeconds(i));
            check(notification, state);
            assertThat(notification.alerts()).isLessThanOrEqualTo(1 + i % 60);
            opened += notification.opened();
            resolved += notification.resolved();
            duplicates += notification.duplicates();
        }
        while (group.hasOpenSessions()) {
            Notification closing = group.closing(99, NOW.plusSeconds(300));
            check(closing, state);
            resolved += closing.resolved();
        }

        assertThat(state).hasSize(opened).allSatisfy((fingerprint, last) -> assertThat(last).isEqualTo("resolved"));
        assertThat(resolved).isEqualTo(opened);
        assertThat(duplicates).as("re-sent firings").isPositive();
    }

    /** Applies one body to the sessions seen so far, checking each alert is a legal next step for its session. */
    private static void check(Notification notification, Map<String, String> state) throws IOException {
        JsonNode alerts = JSON.readTree(notification.body()).path("alerts");
        assertThat(alerts.size()).isEqualTo(notification.alerts());
        Set<String> inBody = new HashSet<>();
        int opened = 0;
        for (JsonNode alert : alerts) {
            String fingerprint = alert.path("fingerprint").asText();
            assertThat(inBody.add(fingerprint)).as("one alert per fingerprint in a body").isTrue();
            String before = state.put(fingerprint, alert.path("status").asText());
            if (alert.path("status").asText().equals("resolved")) {
                assertThat(before).as("resolve of %s", fingerprint).isEqualTo("firing");
                assertThat(Instant.parse(alert.path("endsAt").asText()))
                        .isAfter(Instant.parse(alert.path("startsAt").asText()));
            } else if (before == null) {
                opened++;
            } else {
                assertThat(before).as("re-sent %s", fingerprint).isEqualTo("firing");
            }
        }
        assertThat(opened).isEqualTo(notification.opened());
    }

    private static Map<String, String> fields(JsonNode object) {
        Map<String, String> fields = new HashMap<>();
        object.properties().forEach(field -> fields.put(field.getKey(), field.getValue().asText()));
        return fields;
    }
}
