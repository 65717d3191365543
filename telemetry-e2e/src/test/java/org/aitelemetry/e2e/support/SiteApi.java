package org.aitelemetry.e2e.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.launcher.Platform;

/**
 * The site's API as the test-admin client sees it (client credentials from Keycloak, a fresh token per call, so a
 * long run never holds an expired one): the tests' view of what the worker put into PostgreSQL.
 */
public final class SiteApi {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration POLL = Duration.ofMillis(500);

    private final String siteUrl;
    private final Supplier<String> token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private SiteApi(String siteUrl, Supplier<String> token) {
        this.siteUrl = siteUrl;
        this.token = token;
    }

    static SiteApi asAdmin(Platform platform) {
        return new SiteApi(platform.siteUrl(), () -> platform.keycloak().clientCredentialsToken(
                KeycloakClients.TEST_ADMIN, KeycloakClients.testSecret(KeycloakClients.TEST_ADMIN)));
    }

    /** {@code GET} of an API path with its query; anything but 200 fails with the answer. */
    public JsonNode get(String pathAndQuery) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(siteUrl + pathAndQuery))
                .timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + token.get())
                .header("Accept", "application/json")
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("GET " + pathAndQuery + " answered " + response.statusCode() + ": "
                        + response.body());
            }
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("GET " + pathAndQuery + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during GET " + pathAndQuery, e);
        }
    }

    /** Total items of a list operation, e.g. {@code /api/v1/devices}. */
    public long count(String listPath) {
        String separator = listPath.contains("?") ? "&" : "?";
        return get(listPath + separator + "size=1").path("page").path("totalItems").asLong();
    }

    /** Waits until the site lists {@code expected} GPUs: the worker's sync has stored the whole fleet. */
    void awaitDevices(long expected, Duration patience) {
        Instant deadline = Instant.now().plus(patience);
        long listed = count("/api/v1/devices");
        while (listed != expected) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("the site lists " + listed + " of the fleet's " + expected
                        + " GPUs after " + patience.toSeconds() + " s; see the worker's log");
            }
            sleep();
            listed = count("/api/v1/devices");
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the fleet sync", e);
        }
    }
}
