package org.aitelemetry.worker.lifecycle;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The data lifecycle, {@code telemetry.retention.*}: how long each kind of data is kept ({@link RetentionPeriod}
 * spellings, {@code off} keeps it forever) and how the jobs run.
 */
@ConfigMapping(prefix = "telemetry.retention")
public interface RetentionConfig {

    /** Interval of the retention job, {@code off} to disable (partitions are still kept ahead). */
    @WithDefault("24h")
    String every();

    /** Delay of the retention job's first run after start. */
    @WithDefault("2m")
    String firstDelay();

    /** Interval of the partition maintenance, which also runs just after start. */
    @WithDefault("12h")
    String partitionsEvery();

    /** Months of partitions kept ready beyond the current one. */
    @WithDefault("3")
    int monthsAhead();

    /** Alert batches and their notifications as received (the sessions made from them are kept separately). */
    @WithDefault("30d")
    String alertBodies();

    /** Hourly usage rollups; statements older than this read the daily rollups. */
    @WithDefault("90d")
    String hourlyRollups();

    /** Daily usage rollups: a year of reports and the month before. */
    @WithDefault("13months")
    String dailyRollups();

    /** Usage sessions that are FINAL and exported (their spans sent or quarantined), by their end. */
    @WithDefault("13months")
    String sessions();

    /** Probe runs and their GPU results, by start; each node's newest run is kept whatever its age. */
    @WithDefault("13months")
    String probeResults();

    /** Mail sent or refused for good, by when it was made (what it carried is kept apart); pending mail stays. */
    @WithDefault("30d")
    String sentMail();

    /** Idle-GPU notices and the GPUs they named, by when they were made. */
    @WithDefault("13months")
    String idleNotices();

    /**
     * Statements, by their period's end: kept by default, being the record of what was charged; when set, at least
     * {@code telemetry.reports.horizon}, or the statement job would make and mail them again.
     */
    @WithDefault("off")
    String statements();

    /** Rows deleted per statement where retention deletes rows (sessions, probe runs, mail, notices, statements). */
    @WithDefault("5000")
    int deleteBatch();
}
