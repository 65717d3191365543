package org.aitelemetry.devkit.alertmanager;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.aitelemetry.devkit.Workspace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlertmanagerComponentTest {

    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final Map<String, String> SLICE_IN_USE = Map.of("alertname", "GpuSliceInUse",
            "telemetry", "gpu-usage", "cluster", "hub-a", "Hostname", "gpu-node-1", "UUID", "GPU-aaaa", "GPU_I_ID", "2",
            "GPU_I_PROFILE", "3g.40gb", "namespace", "team-a", "pod", "train-0", "container", "trainer");

    @TempDir
    Path workspaceDir;

    @Test
    void startsReadyRestartsOnItsPortAndLeavesNoProcessBehind() throws Exception {
        AlertmanagerComponent alertmanager = new AlertmanagerComponent(new Workspace(workspaceDir),
                AlertmanagerSettings.fast(URI.create("http://127.0.0.1:1/hook")));
        alertmanager.start();
        long firstPid = alertmanager.pid();
        int port = alertmanager.port();
        assertThat(status(alertmanager.url() + "/-/ready")).isEqualTo(200);

        alertmanager.stop();
        awaitGone(firstPid);
        alertmanager.start();
        long secondPid = alertmanager.pid();
        assertThat(alertmanager.port()).isEqualTo(port);
        assertThat(status(alertmanager.url() + "/-/ready")).isEqualTo(200);

        alertmanager.close();
        awaitGone(secondPid);
        assertThat(alertmanager.isRunning()).isFalse();
        assertThat(workspaceDir.resolve("alertmanager/data")).doesNotExist();
        assertThat(workspaceDir.resolve("alertmanager/config")).doesNotExist();
        assertThat(workspaceDir.resolve("alertmanager/alertmanager.log")).content()
                .contains("msg=\"Listening on\" address=" + alertmanager.address(), "exiting gracefully")
                .doesNotContain("component=cluster");
    }

    @Test
    void postsFiringThenResolvedAlertsToTheWebhookInVersion4WithTheBearerToken() throws Exception {
        Path token = Files.writeString(workspaceDir.resolve("token"), "devkit-token\n");
        Instant startsAt = Instant.now().minusSeconds(90).truncatedTo(ChronoUnit.MILLIS);
        PostableAlert alert = PostableAlert.firing(SLICE_IN_USE, Map.of("summary", "MIG slice held by team-a/train-0"),
                startsAt);
        try (WebhookRecorder webhook = new WebhookRecorder();
                AlertmanagerComponent alertmanager = new AlertmanagerComponent(new Workspace(workspaceDir),
                        AlertmanagerSettings.fast(webhook.url()).withBearerTokenFile(token))) {
            alertmanager.start();

            alertmanager.api().post(List.of(alert));
            WebhookRecorder.Notification firing = webhook.await(body -> body.path("status").asText().equals("firing"), PATIENCE);
            JsonNode held = alertmanager.api().alerts();
            Instant endsAt = Instant.now().minusSeconds(1).truncatedTo(ChronoUnit.MILLIS);
            alertmanager.api().post(List.of(alert.endingAt(endsAt)));
            WebhookRecorder.Notification resolved = webhook.await(body -> body.path("status").asText().equals("resolved"),
                    PATIENCE);

            assertThat(firing.authorization()).isEqualTo("Bearer devkit-token");
            assertThat(firing.body().path("version").asText()).isEqualTo("4");
            assertThat(firing.body().path("receiver").asText()).isEqualTo("telemetry-worker");
            assertThat(firing.body().path("externalURL").asText()).isEqualTo(alertmanager.url());
            assertThat(firing.body().path("truncatedAlerts").asInt(-1)).isZero();
            assertThat(firing.body().path("groupLabels").properties()).hasSize(2);
            assertThat(firing.body().path("groupKey").asText()).isEqualTo("{}:{Hostname=\"gpu-node-1\", cluster=\"hub-a\"}");
            JsonNode firingAlert = onlyAlert(firing.body());
            assertThat(firingAlert.path("status").asText()).isEqualTo("firing");
            assertThat(labels(firingAlert)).isEqualTo(SLICE_IN_USE);
            assertThat(Instant.parse(firingAlert.path("startsAt").asText())).isEqualTo(startsAt);
            assertThat(firingAlert.path("endsAt").asText()).isEqualTo("0001-01-01T00:00:00Z");
            String fingerprint = firingAlert.path("fingerprint").asText();
            assertThat(fingerprint).hasSize(16);

            assertThat(held).hasSize(1);
            assertThat(labels(held.get(0))).isEqualTo(SLICE_IN_USE);
            assertThat(held.get(0).path("fingerprint").asText()).isEqualTo(fingerprint);
            assertThat(held.get(0).path("status").path("state").asText()).isEqualTo("active");

            JsonNode resolvedAlert = onlyAlert(resolved.body());
            assertThat(resolvedAlert.path("status").asText()).isEqualTo("resolved");
            assertThat(resolvedAlert.path("fingerprint").asText()).isEqualTo(fingerprint);
            assertThat(Instant.parse(resolvedAlert.path("startsAt").asText())).isEqualTo(startsAt);
            assertThat(Instant.parse(resolvedAlert.path("endsAt").asText())).isEqualTo(endsAt);
            assertThat(alertmanager.api().alerts()).as("resolved alerts are no longer listed").isEmpty();
        }
    }

    private static JsonNode onlyAlert(JsonNode body) {
        assertThat(body.path("alerts")).hasSize(1);
        return body.path("alerts").get(0);
    }

    private static Map<String, String> labels(JsonNode alert) {
        Map<String, String> labels = new TreeMap<>();
        alert.path("labels").properties().forEach(label -> labels.put(label.getKey(), label.getValue().asText()));
        return labels;
    }

    private static int status(String url) throws Exception {
        return HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static void awaitGone(long pid) throws InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && Instant.now().isBefore(deadline)) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("alertmanager %d still alive", pid).isEmpty();
    }
}
