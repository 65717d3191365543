package org.aitelemetry.worker.span;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The outbox's metrics at {@code /q/metrics}: {@code telemetry_span_outbox_depth} (spans waiting, as counted at the end
 * of the last round: the gauge never queries the database itself), {@code telemetry_spans_exported_total} by span
 * name, and {@code telemetry_span_export_failures_total} by stage: {@code otlp} counts spans whose export attempt
 * failed, {@code aggregates} sessions whose aggregates could not be read on an attempt; and
 * {@code telemetry_spans_quarantined_total} by reason, sessions taken out of the outbox for good ({@link Quarantine}).
 */
@Startup
@ApplicationScoped
class SpanMetrics {

    static final String OTLP = "otlp";
    static final String AGGREGATES = "aggregates";

    private final AtomicLong depth = new AtomicLong();
    private final MeterRegistry registry;
    private final List<Meter> meters;

    SpanMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.meters = List.of(
                Gauge.builder("telemetry.span.outbox.depth", depth, AtomicLong::get)
                        .description("Spans of usage sessions waiting in the outbox (final and start spans)")
                        .register(registry),
                exported(SpanIds.USAGE_SPAN), exported(SpanIds.START_SPAN), failures(OTLP), failures(AGGREGATES));
    }

    /**
     * The injected registry is Micrometer's global one, which outlives the application when several start in one JVM
     * (tests): a gauge left there would keep reading this instance's state.
     */
    @PreDestroy
    void removeMeters() {
        meters.forEach(registry::remove);
    }

    void depth(long spans) {
        depth.set(spans);
    }

    void exported(String spanName, int spans) {
        exported(spanName).increment(spans);
    }

    void failed(String stage, int count) {
        failures(stage).increment(count);
    }

    void quarantined(String reason) {
        Counter.builder("telemetry.spans.quarantined")
                .description("Sessions whose spans can never be exported, taken out of the outbox with the reason")
                .tag("reason", reason)
                .register(registry).increment();
    }

    private Counter exported(String spanName) {
        return Counter.builder("telemetry.spans.exported")
                .description("Spans of usage sessions the collector acknowledged")
                .tag("span", spanName)
                .register(registry);
    }

    private Counter failures(String stage) {
        return Counter.builder("telemetry.span.export.failures")
                .description("Failed attempts: spans a collector did not acknowledge (otlp), sessions whose "
                        + "aggregates could not be read (aggregates)")
                .tag("stage", stage)
                .register(registry);
    }
}
