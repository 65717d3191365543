package org.aitelemetry.devkit.process;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/** Waits until a started process's readiness URL answers 200, and fails fast, naming its log, if the process exits. */
public final class HttpReadiness {

    /** Short, so start-up benchmarks measure the process rather than the polling. */
    private static final long POLL_MILLIS = 20;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private HttpReadiness() {
    }

    public static void await(ManagedProcess process, URI readyUrl, Duration timeout, Path log) throws InterruptedException {
        HttpRequest ready = HttpRequest.newBuilder(readyUrl).timeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(process.name() + " exited during start; see " + log);
            }
            try {
                if (HTTP.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notListeningYet) {
                // Connection refused until the listener is up: poll again.
            }
            Thread.sleep(POLL_MILLIS);
        }
        throw new IllegalStateException(process.name() + " was not ready within " + timeout.toSeconds() + " s; see " + log);
    }
}
