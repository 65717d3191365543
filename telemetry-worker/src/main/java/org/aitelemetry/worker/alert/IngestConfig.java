package org.aitelemetry.worker.alert;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How the webhook stores batches: {@code telemetry.ingest.*}. */
@ConfigMapping(prefix = "telemetry.ingest")
public interface IngestConfig {

    /**
     * A batch the database has not stored by then gets 503 and Alertmanager retries; keep it below Alertmanager's own
     * notification timeout (10 s in 0.25) so it gets an answer rather than a timeout.
     */
    @WithDefault("8s")
    Duration storeTimeout();
}
