package org.aitelemetry.worker.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.aitelemetry.model.fleet.AuthMode;

/** The worker's own configuration, under {@code telemetry.*}. */
@ConfigMapping(prefix = "telemetry")
public interface WorkerConfig {

    /** Prometheus-compatible endpoints to sync from, by name (e.g. one per ACM hub). */
    Map<String, SourceConfig> sources();

    /** How the fleet sync runs. */
    SyncConfig sync();

    /**
     * Container names of dcgm-exporter itself (GPU operator, Helm chart). Where a scrape did not honour the exporter's
     * labels, the plain pod labels of every series name the exporter's own pod: such a pod never holds a GPU.
     */
    @WithDefault("nvidia-dcgm-exporter,dcgm-exporter,exporter")
    Set<String> exporterContainers();

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

    /** {@code telemetry.sync.*} */
    interface SyncConfig {

        /** Interval of the fleet sync, e.g. {@code 60s}, or {@code off}; the scheduler reads it. */
        String every();

        /** Delay of the first cycle after start; the scheduler reads it. */
        String firstDelay();

        /** Complete cycles in a row without an entity before it becomes MISSING. */
        @WithDefault("3")
        int missingAfterCycles();

        /** Window of {@code last_over_time}: ACM forwards one sample per 5 minutes, so instant values would flicker. */
        @WithDefault("5m")
        Duration lookback();
    }
}
