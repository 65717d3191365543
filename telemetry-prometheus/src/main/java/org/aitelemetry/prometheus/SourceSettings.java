package org.aitelemetry.prometheus;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.aitelemetry.model.fleet.AuthMode;

/**
 * How to reach one Prometheus-compatible source. Invalid combinations fail here, at configuration time, with a message
 * that names the source, rather than as a 401 on the first query.
 *
 * @param tenant Observatorium tenant: queries go to {@code <baseUrl>/api/metrics/v1/<tenant>/api/v1/...}
 * @param tlsConfigurationName a Quarkus TLS registry configuration ({@code quarkus.tls.<name>.*}): the client
 *         certificate for {@code MTLS}, or only a trust store for a source whose CA the JVM does not know
 * @param queryTimeout the client's deadline for one attempt; the server is asked to give up a little earlier
 * @param maxAttempts attempts per request, the first included
 */
public record SourceSettings(String name, URI baseUrl, AuthMode authMode, Optional<String> tenant,
        Optional<Path> bearerTokenFile, Optional<OidcSettings> oidc, Optional<String> tlsConfigurationName,
        Duration queryTimeout, int maxAttempts) {

    public static final Duration DEFAULT_QUERY_TIMEOUT = Duration.ofSeconds(30);
    public static final int DEFAULT_MAX_ATTEMPTS = 3;

    private static final Pattern TENANT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    /** Below this an attempt cannot cover a round trip plus the server's own, shorter, timeout. */
    private static final Duration MIN_QUERY_TIMEOUT = Duration.ofMillis(100);
    private static final int MAX_ATTEMPTS = 10;

    public SourceSettings {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a metric source needs a name");
        }
        String source = "source '" + name + "': ";
        HttpUrls.require(baseUrl, source + "url");
        Objects.requireNonNull(authMode, source + "auth-mode is required");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(bearerTokenFile, "bearerTokenFile");
        Objects.requireNonNull(oidc, "oidc");
        Objects.requireNonNull(tlsConfigurationName, "tlsConfigurationName");
        Objects.requireNonNull(queryTimeout, "queryTimeout");
        tenant.filter(t -> !TENANT.matcher(t).matches()).ifPresent(t -> {
            throw new IllegalArgumentException(source + "tenant '" + t + "' is not a plain name");
        });
        requireExactlyFor(AuthMode.BEARER_FILE, authMode, bearerTokenFile.isPresent(), source + "bearer-token-file");
        requireExactlyFor(AuthMode.OIDC_CLIENT_CREDENTIALS, authMode, oidc.isPresent(), source + "oidc settings");
        if (authMode == AuthMode.MTLS && tlsConfigurationName.isEmpty()) {
            throw new IllegalArgumentException(
                    source + "auth-mode MTLS needs a tls-configuration-name with the client certificate and key");
        }
        if (tlsConfigurationName.isPresent() && !HttpUrls.isHttps(baseUrl)) {
            throw new IllegalArgumentException(source + "a tls-configuration-name needs an https url");
        }
        if (queryTimeout.compareTo(MIN_QUERY_TIMEOUT) < 0) {
            throw new IllegalArgumentException(
                    source + "query timeout must be at least " + MIN_QUERY_TIMEOUT.toMillis() + " ms");
        }
        if (maxAttempts < 1 || maxAttempts > MAX_ATTEMPTS) {
            throw new IllegalArgumentException(source + "max attempts must be between 1 and " + MAX_ATTEMPTS);
        }
    }

    /** An unauthenticated source with the default timeout and attempts; refine it with the {@code with} methods. */
    public static SourceSettings of(String name, URI baseUrl) {
        return new SourceSettings(name, baseUrl, AuthMode.NONE, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), DEFAULT_QUERY_TIMEOUT, DEFAULT_MAX_ATTEMPTS);
    }

    public SourceSettings withTenant(String tenant) {
        return new SourceSettings(name, baseUrl, authMode, Optional.of(tenant), bearerTokenFile, oidc,
                tlsConfigurationName, queryTimeout, maxAttempts);
    }

    public SourceSettings withBearerTokenFile(Path file) {
        return new SourceSettings(name, baseUrl, AuthMode.BEARER_FILE, tenant, Optional.of(file), Optional.empty(),
                tlsConfigurationName, queryTimeout, maxAttempts);
    }

    public SourceSettings withOidc(OidcSettings settings) {
        return new SourceSettings(name, baseUrl, AuthMode.OIDC_CLIENT_CREDENTIALS, tenant, Optional.empty(),
                Optional.of(settings), tlsConfigurationName, queryTimeout, maxAttempts);
    }

    /** Client-certificate authentication with the key store (and trust store) of this TLS configuration. */
    public SourceSettings withMtls(String tlsConfiguration) {
        return new SourceSettings(name, baseUrl, AuthMode.MTLS, tenant, Optional.empty(), Optional.empty(),
                Optional.of(tlsConfiguration), queryTimeout, maxAttempts);
    }

    /** Keeps the auth mode and takes TLS settings (typically only a trust store) from this configuration. */
    public SourceSettings withTlsConfiguration(String tlsConfiguration) {
        return new SourceSettings(name, baseUrl, authMode, tenant, bearerTokenFile, oidc, Optional.of(tlsConfiguration),
                queryTimeout, maxAttempts);
    }

    public SourceSettings withQueryTimeout(Duration timeout) {
        return new SourceSettings(name, baseUrl, authMode, tenant, bearerTokenFile, oidc, tlsConfigurationName, timeout,
                maxAttempts);
    }

    public SourceSettings withMaxAttempts(int attempts) {
        return new SourceSettings(name, baseUrl, authMode, tenant, bearerTokenFile, oidc, tlsConfigurationName,
                queryTimeout, attempts);
    }

    /**
     * The evaluation limit sent as {@code timeout=}: a fifth shorter than our deadline, so that Prometheus gives up
     * first and answers with {@code errorType: timeout} instead of leaving us to guess.
     */
    Duration serverTimeout() {
        return queryTimeout.minus(queryTimeout.dividedBy(5));
    }

    /** The query API's root, {@code .../api/v1/}, with the Observatorium tenant prefix where there is one. */
    String apiRoot() {
        String base = baseUrl.toString().replaceAll("/+$", "");
        return base + tenant.map(t -> "/api/metrics/v1/" + t).orElse("") + "/api/v1/";
    }

    private static void requireExactlyFor(AuthMode mode, AuthMode actual, boolean present, String what) {
        if (actual == mode && !present) {
            throw new IllegalArgumentException(what + " is required with auth-mode " + mode);
        }
        if (actual != mode && present) {
            throw new IllegalArgumentException(what + " is only used with auth-mode " + mode + ", not " + actual);
        }
    }
}
