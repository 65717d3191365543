package org.aitelemetry.e2e.support;

import static java.util.Map.entry;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.aitelemetry.devkit.alertmanager.PostableAlert;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetProject;
import org.aitelemetry.devkit.launcher.Platform;

/**
 * Starts a GPU usage session the way production does: an alert with the labels the shipped GpuInUse rule gives it,
 * posted to the platform's Alertmanager, which notifies the worker; the session is then read back from the site's API.
 */
public final class GpuUsageAlerts {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private GpuUsageAlerts() {
    }

    /** Fires the alert of {@code pod} in {@code project} holding {@code device}, and waits for its session. */
    public static JsonNode startSession(Platform platform, SiteApi api, FleetDevice device, FleetProject project,
            String pod, String firedBy) throws IOException, InterruptedException {
        Map<String, String> labels = Map.ofEntries(entry("alertname", "GpuInUse"), entry("telemetry", "gpu-usage"),
                entry("severity", "none"), entry("cluster", device.cluster()), entry("Hostname", device.node().name()),
                entry("UUID", device.uuid()), entry("gpu", String.valueOf(device.index())),
                entry("modelName", device.node().model().name()), entry("namespace", project.namespace()),
                entry("pod", pod), entry("container", "trainer"));
        platform.alertmanager().api().post(List.of(PostableAlert.firing(labels, Map.of("summary", "posted by "
                + firedBy), Instant.now().minusSeconds(60))));
        return await().atMost(PATIENCE).until(() -> sessionOf(api, device, pod), Optional::isPresent).orElseThrow();
    }

    private static Optional<JsonNode> sessionOf(SiteApi api, FleetDevice device, String pod) {
        JsonNode items = api.get("/api/v1/sessions?device=" + device.uuid()).path("items");
        return StreamSupport.stream(items.spliterator(), false)
                .filter(session -> pod.equals(session.path("pod").asText())).findFirst();
    }
}
