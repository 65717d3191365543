package org.aitelemetry.worker.span;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** How usage spans leave the outbox (contracts.md §3): {@code telemetry.tracing.*}. */
@ConfigMapping(prefix = "telemetry.tracing")
public interface TracingConfig {

    /** Full OTLP/HTTP traces URL, e.g. {@code http://collector:4318/v1/traces}; without it spans wait in the outbox. */
    Optional<String> otlpEndpoint();

    /** Link to a trace in Tempo or Grafana, with {@code {traceId}} where the id goes; stored on each session. */
    Optional<String> traceUrlTemplate();

    /** Interval of the export job, e.g. {@code 5s}, or {@code off}; the scheduler reads it. */
    @WithDefault("5s")
    String exportEvery();

    /** Delay of the job's first round after start; the scheduler reads it. */
    @WithDefault("5s")
    String firstDelay();

    /** Deadline of one export request to the collector. */
    @WithDefault("10s")
    Duration exportTimeout();

    /** Sessions claimed per export request; a round goes on with the next batch while batches come back full. */
    @WithDefault("200")
    int batchSize();

    /** How long claimed sessions stay hidden from other replicas; longer than reading aggregates plus one export. */
    @WithDefault("2m")
    Duration lease();

    /** Delay before the first retry of a failed export; it doubles with each attempt, with jitter. */
    @WithDefault("2s")
    Duration backoffBase();

    /** Longest delay between two attempts. */
    @WithDefault("5m")
    Duration backoffMax();

    /** Final sessions whose aggregates are read per batch, each with at most two queries to its metric source. */
    @WithDefault("20")
    int aggregatesBatchSize();

    /** Sessions whose aggregates are read at once. */
    @WithDefault("4")
    int aggregatesConcurrency();

    /** Attempts at reading a session's aggregates before its span goes out without the ones that could not be read. */
    @WithDefault("3")
    int aggregatesAttempts();
}
