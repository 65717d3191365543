package org.aitelemetry.images.runc;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/** Waiting for an app in a container to answer ready on its management port ({@code /q/health/ready}). */
public final class Readiness {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Readiness() {
    }

    /**
     * Polls readiness until it answers 200 and returns what it answered; fails with the container's log once the
     * container has ended, or after {@code patience} (a loaded build machine is slow, not wrong).
     */
    public static String await(int managementPort, Process container, Path log, Duration patience)
            throws IOException, InterruptedException {
        URI ready = URI.create("http://127.0.0.1:" + managementPort + "/q/health/ready");
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline) && container.isAlive()) {
            try {
                HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(ready)
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return response.body();
                }
            } catch (IOException notListeningYet) {
                // The JVM is still starting.
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("the container did not become ready (alive: " + container.isAlive()
                + "); its log " + log + ":\n" + tail(log));
    }

    private static String tail(Path log) throws IOException {
        String printed = Files.readString(log);
        return printed.substring(Math.max(0, printed.length() - 8_000));
    }
}
