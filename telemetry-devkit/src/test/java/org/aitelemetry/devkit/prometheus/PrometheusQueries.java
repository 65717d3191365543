package org.aitelemetry.devkit.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/** Instant queries against a real Prometheus' HTTP API, and waiting until one returns what a test expects. */
final class PrometheusQueries {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String url;
    private final HttpClient http;

    PrometheusQueries(String url, HttpClient http) {
        this.url = url;
        this.http = http;
    }

    /** The vector's samples, keyed by the value of one label (e.g. {@code cluster}). */
    Map<String, Double> byLabel(String promql, String label) throws IOException, InterruptedException {
        return query(url + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8), label);
    }

    /** As {@link #byLabel(String, String)}, evaluated at {@code at}. */
    Map<String, Double> byLabelAt(String promql, String label, Instant at) throws IOException, InterruptedException {
        return query(url + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8) + "&time="
                + at.getEpochSecond(), label);
    }

    private Map<String, Double> query(String query, String label) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(query)).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode body = JSON.readTree(response.body());
        if (!"success".equals(body.path("status").asText())) {
            throw new IllegalStateException("query failed: " + response.body());
        }
        Map<String, Double> values = new HashMap<>();
        for (JsonNode sample : body.path("data").path("result")) {
            values.put(sample.path("metric").path(label).asText(), sample.path("value").get(1).asDouble());
        }
        return values;
    }

    /** Polls until the query's result satisfies the expectation and returns it, or fails with the last result. */
    Map<String, Double> await(String promql, String label, Predicate<Map<String, Double>> expected, Duration timeout)
            throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        Map<String, Double> result = byLabel(promql, label);
        while (!expected.test(result)) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("after " + timeout.toSeconds() + " s, " + promql + " still gives " + result);
            }
            Thread.sleep(100);
            result = byLabel(promql, label);
        }
        return result;
    }
}
