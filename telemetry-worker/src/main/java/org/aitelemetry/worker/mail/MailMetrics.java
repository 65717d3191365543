package org.aitelemetry.worker.mail;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The mail outbox's metrics at {@code /q/metrics}: {@code telemetry_mail_sent_total},
 * {@code telemetry_mail_retried_total} (transient failures, each tried again), {@code telemetry_mail_failed_total}
 * (refused for good) and {@code telemetry_mail_outbox_depth} (messages pending, as counted at the end of the last
 * round: the gauge never queries the database itself).
 */
@Startup
@ApplicationScoped
class MailMetrics {

    private final AtomicLong depth = new AtomicLong();
    private final MeterRegistry registry;
    private final Map<Delivery.Outcome, Counter> counters;
    private final List<Meter> meters;

    MailMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.counters = Map.of(
                Delivery.Outcome.SENT, counter("telemetry.mail.sent", "Messages the SMTP server accepted"),
                Delivery.Outcome.RETRY, counter("telemetry.mail.retried", "Attempts that failed transiently, tried again"),
                Delivery.Outcome.FAILED, counter("telemetry.mail.failed", "Messages refused for good, not tried again"));
        Gauge gauge = Gauge.builder("telemetry.mail.outbox.depth", depth, AtomicLong::get)
                .description("Messages waiting in the mail outbox, due or backing off").register(registry);
        this.meters = List.of(gauge, counters.get(Delivery.Outcome.SENT), counters.get(Delivery.Outcome.RETRY),
                counters.get(Delivery.Outcome.FAILED));
    }

    /** The registry outlives the application when several start in one JVM (tests): leave nothing behind. */
    @PreDestroy
    void removeMeters() {
        meters.forEach(registry::remove);
    }

    void counted(Delivery delivery) {
        Counter counter = counters.get(delivery.outcome());
        if (counter != null) {
            counter.increment();
        }
    }

    void depth(long messages) {
        depth.set(messages);
    }

    private Counter counter(String name, String description) {
        return Counter.builder(name).description(description).register(registry);
    }
}
