package org.aitelemetry.e2e.alerting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Optional;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetProject;
import org.aitelemetry.devkit.launcher.Platform;
import org.aitelemetry.devkit.otlp.ReceivedSpan;
import org.aitelemetry.e2e.support.E2eTest;
import org.aitelemetry.e2e.support.GpuUsageAlerts;
import org.aitelemetry.e2e.support.SiteApi;
import org.junit.jupiter.api.Test;

/**
 * The platform is wired as production is: an alert Alertmanager holds reaches the worker's webhook with a token
 * Alertmanager fetched from Keycloak itself (OAuth2 client credentials), becomes a usage session the site lists, and
 * its start span reaches the OTLP receiver, the worker's trace exporter endpoint.
 */
@E2eTest
class AlertingChainIT {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @Test
    void anAlertBecomesASessionTheSiteListsAndASpanAtTheCollector(Platform platform, SiteApi api) throws Exception {
        FleetDevice device = platform.fleet().devices().stream().filter(gpu -> !gpu.mig()).findFirst().orElseThrow();
        FleetProject project = platform.fleet().projects(device.cluster()).get(0);
        String pod = "e2e-alerting-" + System.currentTimeMillis();

        JsonNode session = GpuUsageAlerts.startSession(platform, api, device, project, pod,
                getClass().getSimpleName());

        assertThat(session.path("state").asText()).isEqualTo("OPEN");
        assertThat(session.path("cluster").asText()).isEqualTo(device.cluster());
        assertThat(session.path("project").path("namespace").asText()).isEqualTo(project.namespace());
        ReceivedSpan start = await().atMost(PATIENCE).until(() -> startSpanOf(platform, pod), Optional::isPresent)
                .orElseThrow();
        assertThat(start.traceIdHex()).isEqualTo(session.path("traceId").asText());
        assertThat(start.attributes()).containsEntry("gpu.uuid", device.uuid())
                .containsEntry("k8s.namespace.name", project.namespace());
    }

    private static Optional<ReceivedSpan> startSpanOf(Platform platform, String pod) {
        return platform.otlpReceiver().spans().stream()
                .filter(span -> span.name().equals("gpu.usage.start") && pod.equals(span.attributes().get("k8s.pod.name")))
                .findFirst();
    }
}
