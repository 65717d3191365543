package org.aitelemetry.worker.usage;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How the hourly usage rollup runs: {@code telemetry.usage.*}; its prices come from the price sheet. */
@ConfigMapping(prefix = "telemetry.usage")
public interface UsageConfig {

    /** Interval of the rollup job, {@code off} to disable; shorter than an hour minus the idle window (see the job). */
    @WithDefault("10m")
    String every();

    /** Delay of the job's first run after start. */
    @WithDefault("30s")
    String firstDelay();

    /**
     * How far back completed hours without rows are rolled up (after the worker or the source was down) where the
     * source does not tell its retention (Thanos, Observatorium); also the most, whatever the retention.
     */
    @WithDefault("35d")
    Duration backfillMax();

    /** Hours of a gap one run rolls up at most, newest first, besides the last completed hour. */
    @WithDefault("24")
    int backfillHoursPerRun();

    /** Range-query resolution: each point stands for one step. Must divide an hour. */
    @WithDefault("60s")
    Duration step();

    /** Utilization (percent) below which an allocated GPU or slice is quiet. */
    @WithDefault("5")
    double idleThresholdPercent();

    /** How long it must stay quiet to count as idle. */
    @WithDefault("30m")
    Duration idleWindow();
}
