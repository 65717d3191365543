package org.aitelemetry.devkit.alertmanager;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * The little of Alertmanager's v2 API the devkit needs: posting alerts as Prometheus does (so tests need no rules to
 * drive a webhook), and listing the alerts it holds, which is what the worker reconciles its open sessions against.
 */
public final class AlertmanagerApi {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String baseUrl;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    public AlertmanagerApi(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** {@code POST /api/v2/alerts}; fails unless Alertmanager accepts the whole batch. */
    public void post(List<PostableAlert> alerts) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/api/v2/alerts"))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(toJson(alerts))))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("Alertmanager answered " + response.statusCode() + ": " + response.body());
        }
    }

    /** {@code GET /api/v2/alerts}: the alerts Alertmanager holds, each with its labels, fingerprint and status. */
    public JsonNode alerts() throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/api/v2/alerts"))
                .timeout(Duration.ofSeconds(10))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("Alertmanager answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    private static ArrayNode toJson(List<PostableAlert> alerts) {
        ArrayNode array = JSON.createArrayNode();
        for (PostableAlert alert : alerts) {
            ObjectNode node = array.addObject();
            ObjectNode labels = node.putObject("labels");
            alert.labels().forEach(labels::put);
            ObjectNode annotations = node.putObject("annotations");
            alert.annotations().forEach(annotations::put);
            node.put("startsAt", alert.startsAt().toString());
            alert.endsAt().ifPresent(endsAt -> node.put("endsAt", endsAt.toString()));
        }
        return array;
    }
}
