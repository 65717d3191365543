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

/** The little of Prometheus's query API the devkit itself needs: a scalar answer, and waiting for one. */
public final class PrometheusApi {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String baseUrl;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    public PrometheusApi(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** The value of a query that yields one number, e.g. {@code count(up == 1)}; NaN when the result is empty. */
    public double scalar(String promql) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/api/v1/query?query="
                + URLEncoder.encode(promql, StandardCharsets.UTF_8))).timeout(Duration.ofSeconds(10)).build();
        JsonNode result = JSON.readTree(http.send(request, HttpResponse.BodyHandlers.ofString()).body())
                .path("data").path("result");
        return result.isEmpty() ? Double.NaN : result.get(0).path("value").get(1).asDouble();
    }

    /** Waits until the query yields exactly {@code expected}, e.g. until every target has been scraped once. */
    public void awaitValue(String promql, double expected, Duration patience) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        double last = Double.NaN;
        while (Instant.now().isBefore(deadline)) {
            last = scalar(promql);
            if (last == expected) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("'" + promql + "' was " + last + ", not " + expected + ", after " + patience);
    }
}
