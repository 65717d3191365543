package org.aitelemetry.worker.alert;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/** The webhook's figures on /q/metrics. Duplicates are counted where they are recognised, by the session processor. */
@ApplicationScoped
public class IngestMetrics {

    private final MeterRegistry registry;
    private final Counter received;
    private final Counter truncated;

    IngestMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.received = Counter.builder("telemetry.alerts.received")
                .description("Alerts stored from Alertmanager webhooks").register(registry);
        this.truncated = Counter.builder("telemetry.alerts.truncated")
                .description("Alerts Alertmanager dropped from batches (truncatedAlerts): set max_alerts: 0")
                .register(registry);
    }

    void stored(WebhookBatch batch) {
        received.increment(batch.alerts().size());
        truncated.increment(batch.truncatedAlerts());
    }

    /** Alerts left out of a batch for their times ({@link AlertTimeWindow}); the rest of the batch was stored. */
    void refused(int alerts) {
        Counter.builder("telemetry.alerts.refused").tag("reason", "time")
                .description("Alerts left out of webhook batches, by reason").register(registry).increment(alerts);
    }

    /**
     * A webhook request refused: {@code malformed} (400), {@code alert-times} (400, every alert's times out of range),
     * {@code media-type} (415) or {@code unavailable} (503).
     */
    void rejected(String reason) {
        Counter.builder("telemetry.alerts.rejected").tag("reason", reason)
                .description("Webhook requests refused, by reason").register(registry).increment();
    }
}
