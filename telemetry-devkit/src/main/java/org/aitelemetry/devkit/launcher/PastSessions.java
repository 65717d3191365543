package org.aitelemetry.devkit.launcher;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.alertmanager.SessionAlert;
import org.aitelemetry.devkit.alertmanager.WebhookBody;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.PastHolding;

/**
 * The usage sessions of a simulated past, sent to the worker's webhook as Alertmanager would have sent them had it run
 * then: one resolved alert per holding, with the labels and annotations of alertmanager/rules/gpu-usage.rules.yml,
 * starting and ending a rule's {@code for} / {@code keep_firing_for} (1 min) after the pod came and went, grouped per
 * node as the receiver groups them. The worker records each as a closed session (contracts.md §2: resolved, unknown key).
 */
final class PastSessions {

    private static final Duration RULE_DELAY = Duration.ofMinutes(1);
    /** Alerts per notification: the receiver's bound for a node of MIG slices. */
    private static final int PER_NOTIFICATION = 56;
    private static final int ATTEMPTS = 5;
    private static final Duration RETRY_AFTER = Duration.ofSeconds(2);

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI webhook;
    private final String token;
    private volatile int posted;

    PastSessions(URI webhook, String token) {
        this.webhook = webhook;
        this.token = token;
    }

    /** Posts every holding's session; returns how many the worker accepted. */
    int post(List<PastHolding> holdings) throws IOException, InterruptedException {
        Map<List<String>, List<Session>> byNode = new LinkedHashMap<>();
        for (PastHolding holding : holdings) {
            FleetDevice device = holding.device();
            byNode.computeIfAbsent(List.of(device.cluster(), device.node().name()), node -> new ArrayList<>())
                    .add(new Session(SessionAlert.firing(holding.alertLabels(), holding.from().plus(RULE_DELAY)),
                            holding.to().plus(RULE_DELAY)));
        }
        for (Map.Entry<List<String>, List<Session>> node : byNode.entrySet()) {
            List<Session> sessions = node.getValue();
            for (int from = 0; from < sessions.size(); from += PER_NOTIFICATION) {
                List<Session> batch = sessions.subList(from, Math.min(sessions.size(), from + PER_NOTIFICATION));
                send(WebhookBody.render(node.getKey().get(0), node.getKey().get(1),
                        batch.stream().map(Session::alert).toList(),
                        batch.stream().map(session -> session.alert().resolvedJson(session.endsAt())).toList(), false));
                posted += batch.size();
            }
        }
        return posted;
    }

    /** How many sessions have been posted so far, for progress reports. */
    int posted() {
        return posted;
    }

    /** Sends one notification; a 503 (the worker busy or its database away) is tried again, anything else fails. */
    private void send(byte[] body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(webhook).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 == 2) {
                return;
            }
            if (response.statusCode() != 503 || attempt == ATTEMPTS) {
                throw new IllegalStateException("the worker refused past usage sessions: HTTP " + response.statusCode()
                        + " " + response.body());
            }
            Thread.sleep(RETRY_AFTER.toMillis());
        }
    }

    private record Session(SessionAlert alert, Instant endsAt) {
    }
}
