package org.aitelemetry.worker.mail;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * How the mail job empties {@code mail_outbox}: {@code telemetry.mail.*}. The SMTP server itself is Quarkus's mailer
 * configuration, {@code quarkus.mailer.*} (docs/operations.md, "Mail").
 */
@ConfigMapping(prefix = "telemetry.mail")
public interface MailConfig {

    /** Interval of the mail job, e.g. {@code 30s}, or {@code off}; the scheduler reads it. */
    @WithDefault("30s")
    String every();

    /** Delay of the job's first round after start; the scheduler reads it. */
    @WithDefault("20s")
    String firstDelay();

    /** Messages one round sends at most, one transaction each; the rest wait for the next round. */
    @WithDefault("200")
    int maxPerRound();

    /** Delay before the first retry after a transient failure; it doubles with each attempt, with jitter. */
    @WithDefault("1m")
    Duration backoffBase();

    /** Longest delay between two attempts: a mail server down for a day is tried at least hourly. */
    @WithDefault("1h")
    Duration backoffMax();
}
