package org.aitelemetry.worker.idle;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** When a project is told about GPUs it holds idle: {@code telemetry.idle-notices.*} (docs/operations.md). */
@ConfigMapping(prefix = "telemetry.idle-notices")
public interface IdleNoticeConfig {

    /** Interval of the notice job, e.g. {@code 1h}, or {@code off}; the scheduler reads it. */
    @WithDefault("1h")
    String every();

    /** Delay of the job's first round after start; the scheduler reads it. */
    @WithDefault("5m")
    String firstDelay();

    /** A GPU idle for at least this long (whole rolled-up hours) while a project holds it is noticed. */
    @WithDefault("4h")
    Duration after();

    /** At most one notice per project within this interval; stretches found meanwhile wait for the next one. */
    @WithDefault("24h")
    Duration minInterval();

    /**
     * How far back stretches are looked for. A stretch longer than this that was noticed is seen as new again once its
     * noticed part has left the window: a GPU idle for more than a week gets a reminder each week.
     */
    @WithDefault("7d")
    Duration lookback();

    /**
     * Share of an hour's allocated GPU time that must be idle for the hour to count as idle: the rollup's idle time
     * starts at the first quiet point of a run, so a GPU idle all hour may show slightly less than all of it.
     */
    @WithDefault("0.9")
    double coverage();
}
