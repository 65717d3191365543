package org.aitelemetry.worker.usage;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.aitelemetry.worker.config.SelfTracing;
import org.aitelemetry.worker.config.WorkerConfig;
import org.aitelemetry.worker.price.PriceSheetLoader;
import org.aitelemetry.worker.promql.QueryCatalogue;
import org.aitelemetry.worker.source.LockedSourceCycle;
import org.aitelemetry.worker.source.MetricSourceRegistrar;
import org.aitelemetry.worker.usage.UsageReport.HourOutcome;
import org.jboss.logging.Logger;

/**
 * Hourly usage rollups per source: under the source's advisory lock (one replica writes), for each {@link PendingHours
 * pending hour}, three aggregated range queries, the pure {@link RollupCalculator}, and one batched upsert. Each hour
 * is recomputed whole, so running it again is idempotent. An hour whose results came with warnings is not written; a
 * failed query rolls the source's run back, to be retried on the next run.
 */
@ApplicationScoped
public class UsageRollups {

    private static final Logger LOG = Logger.getLogger(UsageRollups.class);

    /** The rollups' lock space: one replica rolls up a source at a time. */
    static final String LOCK_NAME = "telemetry.usage-rollup";

    private final LockedSourceCycle cycle;
    private final SourceClients clients;
    private final QueryCatalogue queries;
    private final UsageConfig config;
    private final RollupCalculator calculator;
    private final Duration margin;

    UsageRollups(Pool pool, MetricSourceRegistrar registrar, SourceClients clients, QueryCatalogue queries,
            UsageConfig config, WorkerConfig workerConfig, PriceSheetLoader prices) {
        if (config.step().isZero() || config.step().isNegative()
                || HourWindow.HOUR.toMillis() % config.step().toMillis() != 0) {
            throw new IllegalArgumentException("telemetry.usage.step must divide an hour, not " + config.step());
        }
        this.cycle = new LockedSourceCycle(pool, registrar, LOCK_NAME);
        this.clients = clients;
        this.queries = queries;
        this.config = config;
        this.calculator = new RollupCalculator(new DcgmLabels(workerConfig.exporterContainers()),
                new IdleDetector(config.idleThresholdPercent(), config.idleWindow(), config.step()),
                new UsageIntegrator(config.step()),
                new CostModel(prices.sheet()));
        long marginSteps = (config.idleWindow().toMillis() + config.step().toMillis() - 1) / config.step().toMillis();
        this.margin = config.step().multipliedBy(marginSteps);
    }

    /** Rolls up every configured source, one after the other. */
    @WithSpan("UsageRollups.rollUpAll")
    public Uni<List<UsageReport>> rollUpAll(Instant now) {
        return Multi.createFrom().iterable(clients.definitions())
                .onItem().transformToUniAndConcatenate(source -> rollUp(source, now))
                .collect().asList();
    }

    /** Rolls up the source's pending hours among those completed by {@code now}. */
    @WithSpan("UsageRollups.rollUp")
    public Uni<UsageReport> rollUp(SourceDefinition source, Instant now) {
        Span.current().setAttribute(SelfTracing.SOURCE, source.name());
        Instant started = Instant.now();
        return cycle.sourceId(source.name())
                .chain(id -> cycle.run(id, connection -> rollUp(new RollupStore(connection, id), source, now, started),
                        () -> UsageReport.skipped(source.name())))
                .onFailure().recoverWithItem(failure -> UsageReport.failed(source.name(), started, failure))
                .invoke(UsageRollups::log);
    }

    private Uni<UsageReport> rollUp(RollupStore store, SourceDefinition source, Instant now, Instant started) {
        UsageReader reader = new UsageReader(clients.client(source), queries, config.step());
        Instant since = now.truncatedTo(ChronoUnit.HOURS).minus(config.catchUp());
        return store.entities().chain(entities -> entities.isEmpty()
                ? Uni.createFrom().item(List.<HourOutcome>of())
                : store.rolledUpHours(since)
                        .map(done -> PendingHours.of(now, config.catchUp(), done))
                        .chain(hours -> Multi.createFrom().iterable(hours)
                                .onItem().transformToUniAndConcatenate(hour ->
                                        rollUpHour(store, reader, entities, hour, now))
                                .collect().asList()))
                .map(outcomes -> UsageReport.of(source.name(), outcomes, started));
    }

    private Uni<HourOutcome> rollUpHour(RollupStore store, UsageReader reader, KnownEntities entities, Instant hour,
            Instant now) {
        HourWindow window = HourWindow.of(hour, margin, config.step(), now);
        return reader.read(window).chain(series -> {
            if (!series.warnings().isEmpty()) {
                LOG.warnf("Usage rollup of %s left unwritten, incomplete result: %s", hour,
                        String.join("; ", series.warnings()));
                return Uni.createFrom().item(HourOutcome.incomplete(hour));
            }
            HourRollup rollup = calculator.calculate(series, entities, window);
            return store.upsert(hour, rollup.rows()).map(written ->
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
