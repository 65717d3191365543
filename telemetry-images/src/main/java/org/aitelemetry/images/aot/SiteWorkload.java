package org.aitelemetry.images.aot;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The site's reads of the fleet the worker synced, as an API client with the admin role sees them: the lists of
 * clusters, nodes, GPUs, devices, slices, projects and sessions, each a few times so their paths are profiled, not only
 * loaded.
 */
final class SiteWorkload implements TrainingWorkload {

    private static final List<String> READS = List.of("/api/v1/me", "/api/v1/clusters", "/api/v1/nodes",
            "/api/v1/gpus", "/api/v1/devices", "/api/v1/slices", "/api/v1/projects", "/api/v1/sessions");
    private static final int ROUNDS = 20;

    private final String token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    SiteWorkload(String token) {
        this.token = token;
    }

    @Override
    public void exercise(URI app, Path log) throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            for (String read : READS) {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(app.resolve(read))
                        .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + token).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() != 200) {
                    throw new IllegalStateException("the site failed a training read " + read + ": "
                            + response.statusCode() + " " + response.body());
                }
            }
        }
    }
}
