package org.aitelemetry.images.aot;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.aitelemetry.devkit.alertmanager.SessionAlert;
import org.aitelemetry.devkit.alertmanager.WebhookBody;

/**
 * The worker's steady work: Alertmanager batches of usage alerts (firing, then resolved) through its webhook into
 * sessions, and fleet-sync cycles of the training source (the first and unchanged ones after it).
 */
final class WorkerWorkload implements TrainingWorkload {

    private static final String WEBHOOK = "/api/ingest/v1/alertmanager";
    private static final int CYCLES = 8;
    private static final int BATCHES = 40;
    private static final int ALERTS_PER_BATCH = 10;
    private static final Duration PATIENCE = Duration.ofMinutes(5);

    private final String token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    WorkerWorkload(String token) {
        this.token = token;
    }

    /** The configuration the worker trains with, beside the stack's: a sync every 2 s, the first after 1 s. */
    static Map<String, String> config() {
        return Map.of("telemetry.sync.every", "2s", "telemetry.sync.first-delay", "1s");
    }

    @Override
    public void exercise(URI app, Path log) throws Exception {
        Instant start = Instant.now().minus(Duration.ofMinutes(30)).truncatedTo(ChronoUnit.SECONDS);
        for (int batch = 0; batch < BATCHES; batch++) {
            List<SessionAlert> alerts = new ArrayList<>();
            for (int i = 0; i < ALERTS_PER_BATCH; i++) {
                alerts.add(SessionAlert.firing(labels(batch, i), start.plusSeconds(batch)));
            }
            post(app, alerts, alerts.stream().map(SessionAlert::firingJson).toList(), true);
            Instant end = start.plusSeconds(600 + batch);
            post(app, alerts, alerts.stream().map(alert -> alert.resolvedJson(end)).toList(), false);
        }
        SyncCycleLog.await(log, CYCLES, PATIENCE);
    }

    private void post(URI app, List<SessionAlert> members, List<String> alerts, boolean firing)
            throws IOException, InterruptedException {
        String node = members.get(0).labels().get("Hostname");
        HttpRequest request = HttpRequest.newBuilder(app.resolve(WEBHOOK)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofByteArray(WebhookBody.render("training-cluster", node, members,
                        alerts, firing))).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("the worker refused a training batch: " + response.statusCode() + " "
                    + response.body());
        }
    }

    /** The labels alertmanager/rules/gpu-usage.rules.yml gives a session of one pod on one GPU. */
    private static TreeMap<String, String> labels(int batch, int index) {
        TreeMap<String, String> labels = new TreeMap<>();
        labels.put("alertname", "GpuInUse");
        labels.put("cluster", "training-cluster");
        labels.put("Hostname", "training-node-" + batch);
        labels.put("gpu", String.valueOf(index % 8));
        labels.put("UUID", String.format("GPU-00000000-0000-0000-0000-%06d%06d", batch, index));
        labels.put("modelName", "NVIDIA H100 80GB HBM3");
        labels.put("namespace", "training-project-" + (index % 3));
        labels.put("pod", "trainer-" + batch + "-" + index);
        labels.put("container", "main");
        labels.put("telemetry", "gpu-usage");
        return labels;
    }
}
