package org.aitelemetry.worker.lifecycle;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/** The retention's figures on /q/metrics, per table. */
@ApplicationScoped
public class RetentionMetrics {

    private final MeterRegistry registry;

    RetentionMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void record(TableOutcome outcome) {
        count("telemetry.retention.partitions.dropped", "Monthly partitions dropped by retention", outcome.table(),
                outcome.dropped().size());
        count("telemetry.retention.partitions.skipped",
                "Monthly partitions past retention kept because they hold data in flight", outcome.table(),
                outcome.skipped().size());
        count("telemetry.retention.rows.dropped",
                "Rows removed by retention (estimated where whole partitions are dropped)", outcome.table(),
                outcome.rowsDropped());
    }

    /** A whole run, every table: what the reports benchmark times. */
    void ran(Duration took) {
        Timer.builder("telemetry.retention.run").description("Time a retention run took, every table")
                .register(registry).record(took);
    }

    private void count(String name, String description, String table, double amount) {
        // Registered on the first run even when nothing went, so that a dashboard shows 0 rather than no data.
        Counter.builder(name).tag("table", table).description(description).register(registry).increment(amount);
    }
}
