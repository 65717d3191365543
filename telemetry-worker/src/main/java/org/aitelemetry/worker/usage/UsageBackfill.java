package org.aitelemetry.worker.usage;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.aitelemetry.prometheus.PrometheusClient;
import org.aitelemetry.worker.usage.UsageReport.HourOutcome;
import org.jboss.logging.Logger;

/**
 * Which hours each source's rollup takes next, and how far its backfill has come: the horizon (the source's retention,
 * at most {@code telemetry.usage.backfill-max}), the {@link HourLedger} per source, the progress in the log and on
 * /q/metrics ({@code telemetry.usage.hours.pending}, {@code telemetry.usage.hours.rolled.up},
 * {@code telemetry.usage.hours.incomplete}, tagged by source).
 */
@ApplicationScoped
public class UsageBackfill {

    private static final Logger LOG = Logger.getLogger(UsageBackfill.class);

    private final UsageConfig config;
    private final MeterRegistry registry;
    private final Map<String, HourLedger> ledgers = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> pending = new ConcurrentHashMap<>();
    private final List<Gauge> gauges = new CopyOnWriteArrayList<>();

    UsageBackfill(UsageConfig config, MeterRegistry registry) {
        if (config.backfillHoursPerRun() < 1) {
            throw new IllegalArgumentException("telemetry.usage.backfill-hours-per-run must be at least 1, not "
                    + config.backfillHoursPerRun());
        }
        this.config = config;
        this.registry = registry;
    }

    /** The registry outlives the application when several start in one JVM (tests): the gauges must not. */
    @PreDestroy
    void removeGauges() {
        gauges.forEach(registry::remove);
    }

    /** How far back the source's gaps are filled: its retention, capped; the cap where it does not say. */
    Uni<Duration> horizon(PrometheusClient client) {
        Duration most = config.backfillMax();
        return client.retention().map(retention -> retention.filter(time -> time.compareTo(most) < 0).orElse(most));
    }

    PendingHours plan(String source, Instant now, Duration horizon, Set<Instant> rolledUp) {
        HourLedger ledger = ledgers.computeIfAbsent(source, name -> new HourLedger());
        ledger.forgetBefore(now.minus(horizon).minus(HourWindow.HOUR));
        return PendingHours.of(now, horizon, rolledUp, hour -> ledger.waiting(hour, now),
                config.backfillHoursPerRun());
    }

    /** Notes a committed run's outcomes: the ledger, the counters, the pending gauge and a progress line. */
    void record(String source, PendingHours plan, List<HourOutcome> outcomes, Instant now) {
        HourLedger ledger = ledgers.computeIfAbsent(source, name -> new HourLedger());
        Instant last = now.truncatedTo(ChronoUnit.HOURS).minus(HourWindow.HOUR);
        int doneOfGap = 0;
        for (HourOutcome outcome : outcomes) {
            if (outcome.complete()) {
                ledger.completed(outcome.hour());
                doneOfGap += outcome.hour().equals(last) ? 0 : 1;
            } else {
                ledger.incomplete(outcome.hour(), now);
            }
            counter(outcome.complete() ? "telemetry.usage.hours.rolled.up" : "telemetry.usage.hours.incomplete",
                    source).increment();
        }
        int toGo = plan.gap() - doneOfGap;
        pending.computeIfAbsent(source, this::pendingGauge).set(toGo);
        if (plan.gap() > 0) {
            LOG.infof("Backfilling %d hours of %s: %d done, %d to go", plan.gap(), source, doneOfGap, toGo);
        }
    }

    private Counter counter(String name, String source) {
        return Counter.builder(name).tag("source", source)
                .description(name.endsWith("incomplete")
                        ? "Hours left unwritten because the source answered incompletely (retried later)"
                        : "Hours rolled up, the last completed hour's recomputations included")
                .register(registry);
    }

    private AtomicLong pendingGauge(String source) {
        AtomicLong hours = new AtomicLong();
        gauges.add(Gauge.builder("telemetry.usage.hours.pending", hours, AtomicLong::get).tag("source", source)
                .description("Completed hours within the source's retention not rolled up yet, as of the last run")
                .register(registry));
        return hours;
    }
}
