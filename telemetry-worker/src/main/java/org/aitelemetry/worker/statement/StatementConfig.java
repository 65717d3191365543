package org.aitelemetry.worker.statement;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** When and how statements are made and mailed: {@code telemetry.reports.*} (the contacts file is its own setting). */
@ConfigMapping(prefix = "telemetry.reports")
public interface StatementConfig {

    /** Interval of the statement job, {@code off} to disable. */
    @WithDefault("1h")
    String every();

    /** Delay of the job's first run after start. */
    @WithDefault("2m")
    String firstDelay();

    /** How long after a period ends its statements are made: the rollup has filled its last hours by then. */
    @WithDefault("2h")
    Duration delay();

    /** How far back missing statements are made (weeks and months ending within it). */
    @WithDefault("42d")
    Duration horizon();

    /** Statements one run makes at most; the next run goes on. */
    @WithDefault("500")
    int batchSize();

    /** Time on a GPU this long before it was found FAILED is credited back. */
    @WithDefault("72h")
    Duration creditWindow();

    /** Addresses the fleet statement is mailed to; none by default. */
    Optional<List<String>> fleetRecipients();

    /** Whether a statement with no use and no credit is mailed too. */
    @WithDefault("false")
    boolean mailEmpty();
}
