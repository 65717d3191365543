package org.aitelemetry.devkit.alertmanager;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.devkit.prometheus.PrometheusSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The chain the usage sessions will ride on: a real Prometheus rule fires, a real Alertmanager posts the webhook. */
class PrometheusAlertsReachTheWebhookTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @TempDir
    Path workspaceDir;

    @Test
    void aFiringRuleArrivesAtTheWebhookInVersion4() throws Exception {
        Path rules = Files.writeString(workspaceDir.resolve("always.yml"), """
                groups:
                  - name: devkit
                    rules:
                      - alert: GpuInUse
                        expr: vector(1)
                        labels: {telemetry: gpu-usage, cluster: hub-a, Hostname: node-1, UUID: GPU-1}
                """);
        Workspace workspace = new Workspace(workspaceDir);
        try (WebhookRecorder webhook = new WebhookRecorder();
                AlertmanagerComponent alertmanager = new AlertmanagerComponent(workspace,
                        AlertmanagerSettings.fast(webhook.url()))) {
            alertmanager.start();
            try (PrometheusComponent prometheus = new PrometheusComponent(workspace, PrometheusSettings.fast()
                    .withRuleFiles(List.of(rules)).withAlertmanagers(List.of(alertmanager.address())))) {
                prometheus.start();

                WebhookRecorder.Notification notification = webhook.await(
                        body -> body.path("status").asText().equals("firing"), PATIENCE);

                assertThat(notification.body().path("version").asText()).isEqualTo("4");
                assertThat(notification.body().path("alerts").get(0).path("labels").path("UUID").asText()).isEqualTo("GPU-1");
                assertThat(notification.body().path("alerts").get(0).path("fingerprint").asText()).isNotBlank();
            }
        }
    }
}
