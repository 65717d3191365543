package org.aitelemetry.worker.ingest;

import io.smallrye.config.ConfigMapping;
import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How the ingest endpoints (webhook, probe runs) take and store bodies: {@code telemetry.ingest.*}. */
@ConfigMapping(prefix = "telemetry.ingest")
public interface IngestConfig {

    /**
     * A batch the database has not stored by then gets 503 and Alertmanager retries; keep it below Alertmanager's own
     * notification timeout (10 s in 0.25) so it gets an answer rather than a timeout.
     */
    @WithDefault("8s")
    Duration storeTimeout();

    /**
     * How long ago an alert may have started: older ones are refused ({@code alert.AlertTimeWindow}). Alertmanager
     * re-sends a firing alert with its first {@code startsAt} for as long as it fires, so this bounds the longest
     * session.
     */
    @WithDefault("P730D")
    Duration alertMaxAge();

    /** How far ahead of the worker's clock an alert's times may lie: Prometheus's clock may be this much ahead. */
    @WithDefault("5m")
    Duration alertClockSkew();

    /** Bytes of ingest bodies read and processed at once ({@link IngestBodyBudget}). */
    @WithDefault("4M")
    MemorySize bodyBudget();

    /** How long a body waits for room in the budget before it is answered 503 with Retry-After. */
    @WithDefault("2s")
    Duration bodyWait();
}
