package org.aitelemetry.prometheus.source;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithParentName;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.aitelemetry.model.fleet.AuthMode;

/**
 * The metric sources, {@code telemetry.sources.<name>.*}: the worker syncs from them and the site draws its charts from
 * them, so both read one definition.
 */
@ConfigMapping(prefix = "telemetry.sources")
public interface MetricSourcesConfig {

    /** Prometheus-compatible endpoints by name (e.g. one per ACM hub). */
    @WithParentName
    Map<String, SourceConfig> sources();

    /** One metric source: {@code telemetry.sources.<name>.*}. */
    interface SourceConfig {

        /** Base URL (http or https), without {@code /api/v1}. */
        String url();

        /** How to authenticate: none, bearer-file, oidc-client-credentials or mtls. */
        @WithDefault("none")
        AuthMode authMode();

        /** Observatorium tenant; its path prefix is added to every query. */
        Optional<String> tenant();

        /** Cluster name for series without a {@code cluster} label, and for the hub's own {@code local-cluster}. */
        Optional<String> clusterLabel();

        /** Token file for bearer-file mode (re-read when it changes, as service-account tokens rotate). */
        Optional<Path> bearerTokenFile();

        /** Token endpoint for oidc-client-credentials mode. */
        Optional<String> oidcTokenUrl();

        /** Client id for oidc-client-credentials mode. */
        Optional<String> oidcClientId();

        /** Client secret for oidc-client-credentials mode. */
        Optional<String> oidcClientSecret();

        /** Named Quarkus TLS configuration ({@code quarkus.tls.<name>.*}): client certificate for mtls, or a custom CA. */
        Optional<String> tlsConfigurationName();

        /** Deadline of one query, including the server-side {@code timeout}. */
        @WithDefault("20s")
        Duration queryTimeout();

        /** Attempts per query before the cycle records a failure (429 and 5xx are retried with jitter). */
        @WithDefault("3")
        int maxAttempts();
    }
}
