package org.aitelemetry.worker.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Set;

/** The worker's own configuration, under {@code telemetry.*}. */
@ConfigMapping(prefix = "telemetry")
public interface WorkerConfig {

    /** How the fleet sync runs. */
    SyncConfig sync();

    /**
     * Container names of dcgm-exporter itself (GPU operator, Helm chart). Where a scrape did not honour the exporter's
     * labels, the plain pod labels of every series name the exporter's own pod: such a pod never holds a GPU.
     */
    @WithDefault("nvidia-dcgm-exporter,dcgm-exporter,exporter")
    Set<String> exporterContainers();

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
