package org.aitelemetry.devkit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.function.Supplier;

/**
 * A researcher fetching their project's monthly statement through the site's API, as a script or the site's link
 * would: the statements list filtered to the project and to months (the latest first), then that statement's CSV.
 * One sample is the two requests together, sequential, on one keep-alive connection; the first tenth warm up.
 */
final class StatementDownloads {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newHttpClient();
    private final String siteUrl;
    private final Supplier<String> token;

    StatementDownloads(String siteUrl, Supplier<String> token) {
        this.siteUrl = siteUrl;
        this.token = token;
    }

    /** Milliseconds per download, of {@code downloads} after a tenth as many more not counted. */
    Stats measure(long projectId, int downloads) throws IOException, InterruptedException {
        int warmup = Math.max(1, downloads / 10);
        double[] samples = new double[downloads];
        for (int i = -warmup; i < downloads; i++) {
            long begin = System.nanoTime();
            download(projectId);
            if (i >= 0) {
                samples[i] = (System.nanoTime() - begin) / 1e6;
            }
        }
        return Stats.of(samples);
    }

    private void download(long projectId) throws IOException, InterruptedException {
        JsonNode list = JSON.readTree(get("/api/v1/statements?project=" + projectId + "&periodKind=MONTH&size=1"));
        JsonNode latest = list.path("items").path(0);
        if (latest.isMissingNode()) {
            throw new IllegalStateException("project " + projectId + " has no monthly statement");
        }
        String csv = get("/api/v1/statements/" + latest.path("id").asLong() + "/csv");
        if (csv.isEmpty()) {
            throw new IllegalStateException("an empty CSV for statement " + latest.path("id").asLong());
        }
    }

    private String get(String path) throws IOException, InterruptedException {
        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create(siteUrl + path))
                .header("Authorization", "Bearer " + token.get()).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("GET " + path + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return answer.body();
    }
}
