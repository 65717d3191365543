package org.aitelemetry.devkit.http;

import java.util.List;
import java.util.stream.Stream;

/**
 * Request targets that try to reach the management endpoints ({@code /q/health}, {@code /q/metrics}) through an
 * application port: directly, and through a prefix a Route forwards, with dot segments plain, percent-encoded in
 * either case, double-encoded, with path parameters ({@code ..;}), backslashes, doubled slashes and in absolute form.
 * The apps' tests send each one verbatim ({@link RawHttpExchange}); none may answer with the endpoint's content.
 */
public final class ManagementPathSpellings {

    private static final List<String> ENDPOINTS = List.of("q/metrics", "q/health", "q/health/ready", "q/health/live");

    private ManagementPathSpellings() {
    }

    /** Every spelling of every management endpoint behind {@code prefix} (a routed path, e.g. {@code /api/ingest}). */
    public static Stream<String> behind(String prefix) {
        return ENDPOINTS.stream().flatMap(endpoint -> spellings(prefix, endpoint));
    }

    private static Stream<String> spellings(String prefix, String endpoint) {
        String encodedQ = endpoint.replaceFirst("^q/", "%71/");
        return Stream.of(
                "/" + endpoint,
                "/" + endpoint + "/",
                "//" + endpoint,
                "/" + endpoint.replace("/", "//"),
                "/" + endpoint.replace("/", "/./"),
                "/" + encodedQ,
                "/" + endpoint.replace("/", "%2f"),
                "/" + endpoint.toUpperCase(),
                "/" + endpoint + ";jsessionid=x",
                "/" + endpoint + "?format=text",
                prefix + "/../../" + endpoint,
                prefix + "/../../../" + endpoint,
                prefix + "/%2e%2e/%2e%2e/" + endpoint,
                prefix + "/%2E%2E/%2E%2E/" + endpoint,
                prefix + "/.%2e/.%2e/" + endpoint,
                prefix + "/%252e%252e/%252e%252e/" + endpoint,
                prefix + "/..%2f..%2f" + endpoint,
                prefix + "/..%2F..%2F" + endpoint,
                prefix + "/..;/..;/" + endpoint,
                prefix + "/..\\..\\" + endpoint,
                prefix + "/%2e%2e%5c%2e%2e%5c" + endpoint,
                prefix + "//..//..//" + endpoint,
                prefix + "/x/../../../" + endpoint,
                "http://localhost" + prefix + "/../../" + endpoint);
    }
}
