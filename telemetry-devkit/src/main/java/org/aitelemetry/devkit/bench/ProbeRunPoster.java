package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Posts probe runs as gpu-probe does ({@code POST /api/ingest/v1/probe-runs}, a probe-writer bearer token) on one
 * HTTP/1.1 client, a keep-alive connection per calling thread. Thread-safe; it keeps every answer by status and the
 * run id of every run answered 201, which PostgreSQL must hold afterwards.
 */
final class ProbeRunPoster {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final HttpRequest.Builder request;
    private final Map<String, Integer> outcomes = new ConcurrentHashMap<>();
    private final Queue<UUID> created = new ConcurrentLinkedQueue<>();

    ProbeRunPoster(URI probeRuns, String token) {
        this.request = HttpRequest.newBuilder(probeRuns).timeout(TIMEOUT).header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + token);
    }

    /** Posts one run; true when it was stored and scored (201). */
    boolean post(UUID runId, String report) throws InterruptedException {
        HttpRequest post = request.copy()
                .POST(HttpRequest.BodyPublishers.ofByteArray(report.getBytes(StandardCharsets.UTF_8))).build();
        try {
            int status = http.send(post, HttpResponse.BodyHandlers.discarding()).statusCode();
            outcomes.merge(Integer.toString(status), 1, Integer::sum);
            if (status == 201) {
                created.add(runId);
            }
            return status == 201;
        } catch (IOException e) {
            outcomes.merge(e.getClass().getSimpleName(), 1, Integer::sum);
            return false;
        }
    }

    /** Answers by HTTP status, or by the exception's name when none came. */
    Map<String, Integer> outcomes() {
        return new TreeMap<>(outcomes);
    }

    /** Answers other than 201: a replay (200) would mean a duplicate run id, anything else a failed request. */
    long failures() {
        return outcomes.entrySet().stream().filter(outcome -> !outcome.getKey().equals("201"))
                .mapToLong(Map.Entry::getValue).sum();
    }

    List<UUID> created() {
        return List.copyOf(created);
    }
}
