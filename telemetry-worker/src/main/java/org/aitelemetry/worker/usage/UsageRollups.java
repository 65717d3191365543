package org.aitelemetry.worker.usage;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.aitelemetry.worker.config.SelfTracing;
import org.aitelemetry.worker.config.WorkerConfig;
import org.aitelemetry.worker.price.PriceSheetLoader;
import org.aitelemetry.worker.promql.QueryCatalogue;
import org.aitelemetry.worker.source.LockedSourceCycle;
import org.aitelemetry.worker.source.SharedSourceCycle;
import org.aitelemetry.worker.source.SourceCycles;
import org.aitelemetry.worker.usage.UsageReport.HourOutcome;
import org.jboss.logging.Logger;

/**
 * Hourly usage rollups per source, shared among the replicas ({@link SharedSourceCycle}): under the source's advisory
 * lock and once per cycle (one replica writes), for each {@link PendingHours
 * pending hour} (a bounded chunk of any gap within the source's retention, see {@link UsageBackfill}), four
 * aggregated range queries, the pure {@link RollupCalculator}, and one batched upsert. Each hour is recomputed whole,
 * so running it again is idempotent. An hour whose results came with warnings is not written (retried after a delay);
 * a failed query rolls the source's run back, to be retried on the next run.
 */
@ApplicationScoped
public class UsageRollups {

    private static final Logger LOG = Logger.getLogger(UsageRollups.class);

    /** The rollups' lock space and cycle marks: one replica rolls up a source, once per cycle. */
    static final String LOCK_NAME = "telemetry.usage-rollup";

    private final LockedSourceCycle cycle;
    private final SharedSourceCycle share;
    private final SourceClients clients;
    private final QueryCatalogue queries;
    private final UsageConfig config;
    private final RollupCalculator calculator;
    private final UsageBackfill backfill;
    private final Duration margin;

    UsageRollups(SourceCycles cycles, SourceClients clients, QueryCatalogue queries,
            UsageConfig config, WorkerConfig workerConfig, UsageBackfill backfill, PriceSheetLoader prices) {
        if (config.step().isZero() || config.step().isNegative()
                || HourWindow.HOUR.toMillis() % config.step().toMillis() != 0) {
            throw new IllegalArgumentException("telemetry.usage.step must divide an hour, not " + config.step());
        }
        this.cycle = cycles.locked(LOCK_NAME, config.every());
        this.share = cycles.shared(cycle);
        this.clients = clients;
        this.queries = queries;
        this.config = config;
        this.backfill = backfill;
        this.calculator = new RollupCalculator(new DcgmLabels(workerConfig.exporterContainers()),
                new IdleDetector(config.idleThresholdPercent(), config.idleWindow(), config.step()),
                new UsageIntegrator(config.step()),
                new CostModel(prices.sheet()), new VmHours(config.step()));
        long marginSteps = (config.idleWindow().toMillis() + config.step().toMillis() - 1) / config.step().toMillis();
        this.margin = config.step().multipliedBy(marginSteps);
    }

    /** Rolls up this replica's share of the configured sources in this cycle, one after the other. */
    @WithSpan("UsageRollups.rollUpAll")
    public Uni<List<UsageReport>> rollUpAll(Instant now) {
        return share.run(clients.definitions(), source -> rollUp(source, now));
    }

    /** Rolls up the source's pending hours among those completed by {@code now}. */
    @WithSpan("UsageRollups.rollUp")
    public Uni<UsageReport> rollUp(SourceDefinition source, Instant now) {
        Span.current().setAttribute(SelfTracing.SOURCE, source.name());
        Instant started = Instant.now();
        // The retention is asked before the lock is taken: the lock is held only while hours are rolled up.
        return Uni.createFrom().deferred(() -> backfill.horizon(clients.client(source)))
                .chain(horizon -> cycle.sourceId(source.name()).chain(id -> cycle.run(id,
                        connection -> rollUp(new RollupStore(connection, id), source, now, horizon)
                                .map(Optional::of),
                        Optional::<Run>empty)))
                // Noted once committed: hours of a run rolled back are not done.
                .map(run -> run.map(ran -> {
                    backfill.record(source.name(), ran.plan(), ran.outcomes(), now);
                    return UsageReport.of(source.name(), ran.outcomes(), started);
                }).orElseGet(() -> UsageReport.skipped(source.name())))
                .onFailure().recoverWithItem(failure -> UsageReport.failed(source.name(), started, failure))
                .invoke(UsageRollups::log);
    }

    /** The hours a run took and what came of each. */
    private record Run(PendingHours plan, List<HourOutcome> outcomes) {
    }

    private Uni<Run> rollUp(RollupStore store, SourceDefinition source, Instant now, Duration horizon) {
        UsageReader reader = new UsageReader(clients.client(source), queries, config.step());
        Instant oldest = PendingHours.oldest(now, horizon);
        // A source without GPUs owes no hour so far: its horizon starts now, and moves back once it has some.
        return store.entities().chain(entities -> entities.isEmpty()
                ? store.checked(now.truncatedTo(ChronoUnit.HOURS), now)
                        .replaceWith(new Run(new PendingHours(List.of(), 0), List.of()))
                : store.rolledUpHours(oldest)
                        .map(done -> backfill.plan(source.name(), now, horizon, done))
                        .chain(plan -> Multi.createFrom().iterable(plan.hours())
                                .onItem().transformToUniAndConcatenate(hour ->
                                        rollUpHour(store, reader, entities, hour, now, source.defaultCluster()))
                                .collect().asList()
                                .call(() -> store.checked(oldest, now))
                                .map(outcomes -> new Run(plan, outcomes))));
    }

    private Uni<HourOutcome> rollUpHour(RollupStore store, UsageReader reader, KnownEntities entities, Instant hour,
            Instant now, String defaultCluster) {
        HourWindow window = HourWindow.of(hour, margin, config.step(), now);
        return reader.read(window).chain(series -> {
            if (!series.warnings().isEmpty()) {
                LOG.warnf("Usage rollup of %s left unwritten, incomplete result: %s", hour,
                        String.join("; ", series.warnings()));
                return Uni.createFrom().item(HourOutcome.incomplete(hour));
            }
            HourRollup rollup = calculator.calculate(series, entities, window, defaultCluster);
            return store.upsert(hour, rollup.rows()).call(() -> store.markDone(hour)).map(written ->
                    new HourOutcome(hour, true, written, rollup.unknownSeries(), rollup.unknownNamespaces()));
        });
    }

    private static void log(UsageReport report) {
        if (report.failure() != null) {
            LOG.warnf("Usage rollup of %s failed after %d ms: %s", report.source(), report.duration().toMillis(),
                    report.failure());
        } else if (!report.skipped()) {
            LOG.infof("Usage rollup of %s: %d hours, %d incomplete, %d rows written, %d unknown series, "
                    + "namespaces without a project %s, %d ms", report.source(), report.hours().size(),
                    report.incompleteHours().size(), report.rowsWritten(), report.unknownSeries(),
                    report.unknownNamespaces(), report.duration().toMillis());
        }
    }
}
