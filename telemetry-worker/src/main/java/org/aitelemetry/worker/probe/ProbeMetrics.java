package org.aitelemetry.worker.probe;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/** The probe ingest's figures on /q/metrics. */
@ApplicationScoped
public class ProbeMetrics {

    private final MeterRegistry registry;

    ProbeMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * A post answered: {@code created} (201), {@code replayed} (200, stored already), {@code malformed} (400),
     * {@code unauthorized} (401, a Kubernetes token refused by its review), {@code forbidden} (403, another node's
     * report), {@code media-type} (415) or {@code unavailable} (503, the database or the token review).
     */
    public void received(String outcome) {
        Counter.builder("telemetry.probe.runs.received").tag("outcome", outcome)
                .description("gpu-probe runs posted, by outcome").register(registry).increment();
    }

    /** A batch of runs formed for one transaction ({@link ProbeRunBatches}). */
    public void batch(int runs) {
        DistributionSummary.builder("telemetry.probe.batch.runs").baseUnit("runs")
                .description("Probe runs stored and scored in one transaction").register(registry).record(runs);
    }

    /** Runs posted and waiting for a batch. */
    public void waiting(ProbeRunBatches batches) {
        Gauge.builder("telemetry.probe.runs.waiting", batches, ProbeRunBatches::waiting)
                .description("Probe runs posted and waiting to be stored").register(registry);
    }
}
