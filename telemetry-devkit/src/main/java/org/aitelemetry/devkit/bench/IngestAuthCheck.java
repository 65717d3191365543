package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.oidc.LocalTokenIssuer;

/**
 * Before any load: the worker verifies the local issuer's tokens offline and enforces the webhook's role. A notification
 * without alerts (stored as one empty batch) goes out without a token, with a token signed by another key, with a
 * token lacking {@code alerts-writer}, and with a proper one.
 */
final class IngestAuthCheck {

    private static final String EMPTY_NOTIFICATION = """
            {"receiver":"telemetry-worker","status":"firing","alerts":[],"groupLabels":{},"commonLabels":{},\
            "commonAnnotations":{},"externalURL":"http://alertmanager.example:9093","version":"4",\
            "groupKey":"{}/{telemetry=\\"gpu-usage\\"}:{}","truncatedAlerts":0}""";
    private static final Duration LIFETIME = Duration.ofMinutes(5);

    private IngestAuthCheck() {
    }

    /** Returns the answers, expected status by case; throws when one differs. */
    static String verify(URI webhook, LocalTokenIssuer issuer) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        Map<String, int[]> cases = new LinkedHashMap<>();
        cases.put("no token", new int[] {401, post(http, webhook, null)});
        cases.put("token of another key", new int[] {401, post(http, webhook,
                LocalTokenIssuer.generate().mint("alertmanager", List.of("alerts-writer"), LIFETIME))});
        cases.put("token without alerts-writer", new int[] {403, post(http, webhook,
                issuer.mint("gpu-probe", List.of("probe-writer"), LIFETIME))});
        cases.put("alerts-writer token", new int[] {200, post(http, webhook,
                issuer.mint("alertmanager", List.of("alerts-writer"), LIFETIME))});
        StringBuilder answers = new StringBuilder();
        cases.forEach((name, statuses) -> answers.append(answers.length() == 0 ? "" : ", ").append(name).append(' ')
                .append(statuses[1]));
        if (cases.values().stream().anyMatch(statuses -> statuses[0] != statuses[1])) {
            throw new IllegalStateException("the worker's token checks are not as expected (401, 401, 403, 200): " + answers);
        }
        return answers.toString();
    }

    private static int post(HttpClient http, URI webhook, String token) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(webhook).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(EMPTY_NOTIFICATION));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
