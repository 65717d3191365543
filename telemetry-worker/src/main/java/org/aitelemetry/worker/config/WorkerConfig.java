package org.aitelemetry.worker.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Map;
import java.util.Optional;
import org.aitelemetry.model.fleet.AuthMode;

/** The worker's own configuration, under {@code telemetry.*}. */
@ConfigMapping(prefix = "telemetry")
public interface WorkerConfig {

    /** Prometheus-compatible endpoints to sync from, by name (e.g. one per ACM hub). */
    Map<String, SourceConfig> sources();

    /** One metric source: {@code telemetry.sources.<name>.*}. */
    interface SourceConfig {

        /** Base URL (http or https), without {@code /api/v1}. */
        String url();

        /** How to authenticate. */
        @WithDefault("none")
        AuthMode authMode();

        /** Observatorium tenant; its path prefix is added to every query. */
        Optional<String> tenant();

        /** Cluster name for series without a {@code cluster} label (a single-cluster Prometheus). */
        Optional<String> clusterLabel();
    }
}
