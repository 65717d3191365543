package org.aitelemetry.worker.statement;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.quarkus.runtime.Startup;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.aitelemetry.model.statement.StatementPeriod;
import org.aitelemetry.model.statement.StatementSubject;
import org.aitelemetry.worker.contact.Contact;
import org.aitelemetry.worker.price.PriceSheetLoader;
import org.aitelemetry.worker.usage.RollupProgress.SourceProgress;
import org.aitelemetry.worker.usage.RollupProgress;
import org.jboss.logging.Logger;

/**
 * Makes statements: every missing one of the periods due, a whole period at once. A period's statements are stored,
 * with their mail, in one transaction under a lock, so one replica makes them and a second run makes nothing new (the
 * table is unique per subject and period).
 */
@Startup
@ApplicationScoped
public class StatementGenerator {

    private static final Logger LOG = Logger.getLogger(StatementGenerator.class);

    /**
     * What a round made of one period; {@code skipped} when another replica held the lock, {@code waitingFor} the
     * metric sources whose rollups of the period are not through yet (then nothing is made).
     */
    public record PeriodReport(Period period, boolean skipped, List<Statement> made, int mailed, int left,
            List<SourceProgress> waitingFor) {

        static PeriodReport waiting(Period period, List<SourceProgress> sources) {
            return new PeriodReport(period, false, List.of(), 0, 0, sources);
        }

        long made(StatementSubject kind) {
            return made.stream().filter(statement -> statement.subject().kind() == kind).count();
        }
    }

    private record Stored(Statement statement, boolean mailed) {
    }

    private final Pool pool;
    private final StatementConfig config;
    private final PriceSheetLoader prices;
    private final MeterRegistry registry;
    private final StatementAssembler assembler;
    private final CreditCalculator credits;
    private final RollupProgress rollups;

    StatementGenerator(Pool pool, StatementConfig config, PriceSheetLoader prices, MeterRegistry registry,
            RollupProgress rollups) {
        this.pool = pool;
        this.rollups = rollups;
        this.config = config;
        this.prices = prices;
        this.registry = registry;
        this.assembler = new StatementAssembler(fleetRecipients(config.fleetRecipients().orElse(List.of())));
        this.credits = new CreditCalculator(prices.sheet(), config.creditWindow());
    }

    /**
     * Every missing statement of the weeks and months due, oldest first, at most the batch size per run; a period
     * waits until every metric source's rollups of it are through (a statement is a document: made once, kept as made).
     */
    @WithSpan("StatementGenerator.generateDue")
    public Uni<List<PeriodReport>> generateDue(Instant now) {
        List<Period> due = new ArrayList<>(Period.due(StatementPeriod.WEEK, now, config.delay(), config.horizon()));
        due.addAll(Period.due(StatementPeriod.MONTH, now, config.delay(), config.horizon()));
        Uni<List<PeriodReport>> reports = Uni.createFrom().item(List.of());
        for (Period period : due) {
            reports = reports.chain(done -> {
                int left = config.batchSize() - done.stream().mapToInt(report -> report.made().size()).sum();
                boolean stop = left <= 0 || done.stream().anyMatch(PeriodReport::skipped);
                return stop ? Uni.createFrom().item(done) : whenRolledUp(period, left).map(report -> {
                    List<PeriodReport> all = new ArrayList<>(done);
                    all.add(report);
                    return all;
                });
            });
        }
        return reports;
    }

    private Uni<PeriodReport> whenRolledUp(Period period, int limit) {
        return rollups.waitingFor(period.start(), period.end()).chain(waiting -> waiting.isEmpty()
                ? generate(period, limit)
                : Uni.createFrom().item(PeriodReport.waiting(period, waiting)).invoke(this::logWaiting));
    }

    /** Every missing statement of one period, for all subjects. */
    @WithSpan("StatementGenerator.generate")
    public Uni<PeriodReport> generate(Period period) {
        return generate(period, Integer.MAX_VALUE);
    }

    private Uni<PeriodReport> generate(Period period, int limit) {
        return Uni.createFrom().deferred(() -> {
            long started = System.nanoTime();
            return pool.withTransaction(connection -> {
                StatementStore store = new StatementStore(connection);
                return store.tryLock().chain(locked -> !locked
                        ? Uni.createFrom().item(new PeriodReport(period, true, List.of(), 0, 0, List.of()))
                        : store.existing(period).chain(existing -> statements(store, period).chain(all -> {
                            List<Statement> missing = all.stream()
                                    .filter(statement -> !existing.contains(statement.subject())).toList();
                            List<Statement> batch = missing.subList(0, Math.min(limit, missing.size()));
                            return Multi.createFrom().iterable(batch)
                                    .onItem().transformToUniAndConcatenate(statement -> store(store, statement))
                                    .collect().asList()
                                    .map(stored -> report(period, stored, missing.size() - batch.size()));
                        })));
            }).invoke(report -> record(report, Duration.ofNanos(System.nanoTime() - started)));
        });
    }

    /**
     * A period's statements from its rollups, the credits of its failures, its idle-GPU notices and the contacts as
     * they are now.
     */
    private Uni<List<Statement>> statements(StatementStore store, Period period) {
        Instant from = period.start().minus(config.creditWindow());
        return store.failures(from, period.end())
                .chain(failures -> store.sessions(failures.stream().map(CreditCalculator.Failure::gpuUuid)
                                .collect(Collectors.toSet()), from, period.end())
                        .map(sessions -> credits.credits(period, failures, sessions)))
                .chain(periodCredits -> store.lines(period, credited(periodCredits))
                        .chain(lines -> store.idleNotices(period).chain(notices -> store.contacts()
                                .chain(contacts -> store.currency(prices.sheet().currency())
                                        .map(currency -> assembler.assemble(period, currency, lines, periodCredits,
                                                notices, contacts))))));
    }

    private Uni<Optional<Stored>> store(StatementStore store, Statement statement) {
        String html = StatementHtml.render(statement);
        String csv = StatementCsv.render(statement);
        boolean mail = !statement.recipients().isEmpty() && (config.mailEmpty() || statement.hasUseOrCredit());
        return store.insert(statement, html, csv).chain(id -> {
            if (id.isEmpty()) {
                return Uni.createFrom().item(Optional.empty());
            }
            Stored stored = new Stored(statement, mail);
            return mail ? store.enqueue(StatementMail.of(id.get(), statement, html, csv))
                    .replaceWith(Optional.of(stored)) : Uni.createFrom().item(Optional.of(stored));
        });
    }

    /**
     * The fleet statement's recipients, lower-cased, once each. One that is no plain address stops the start (the
     * bean is made at start), as a broken contacts file does.
     */
    static List<String> fleetRecipients(List<String> configured) {
        for (String recipient : configured) {
            if (!Contact.isAddress(recipient.strip())) {
                throw new ConfigurationException("telemetry.reports.fleet-recipients: '" + recipient
                        + "' is not one address (name@domain)");
            }
        }
        return configured.stream().map(address -> address.strip().toLowerCase(Locale.ROOT)).distinct().toList();
    }

    private static PeriodReport report(Period period, List<Optional<Stored>> results, int left) {
        List<Stored> stored = results.stream().flatMap(Optional::stream).toList();
        return new PeriodReport(period, false, stored.stream().map(Stored::statement).toList(),
                (int) stored.stream().filter(Stored::mailed).count(), left, List.of());
    }

    private void record(PeriodReport report, Duration took) {
        if (!report.made().isEmpty()) {
            Timer.builder("telemetry.statements.round").tag("period", report.period().kind().name())
                    .description("Time a round took to make a period's missing statements").register(registry)
                    .record(took);
        }
        for (Statement statement : report.made()) {
            Counter.builder("telemetry.statements.generated").tag("period", report.period().kind().name())
                    .tag("subject", statement.subject().kind().name())
                    .description("Statements made, by period and subject").register(registry).increment();
        }
        if (report.skipped()) {
            LOG.debugf("Statements of %s: another replica is making them", report.period().label());
        } else if (!report.made().isEmpty() || report.left() > 0) {
            LOG.infof("Statements of %s: %d made (%d project, %d manager, %d fleet), %d mails enqueued, %d left for "
                    + "the next run", report.period().label(), report.made().size(),
                    report.made(StatementSubject.PROJECT), report.made(StatementSubject.MANAGER),
                    report.made(StatementSubject.FLEET), report.mailed(), report.left());
        }
    }

    private void logWaiting(PeriodReport report) {
        LOG.infof("Statements of %s wait for the rollups of %s", report.period().label(),
                report.waitingFor().stream().map(source -> source.checkedAfterEnd()
                        ? String.format(Locale.ROOT, "%s (%d of %d hours done)", source.source(),
                                source.hoursDone(), source.hoursOwed())
                        : source.source() + " (no run since the period ended)").toList());
    }

    private static Set<Long> credited(List<HealthCredit> credits) {
        return credits.stream().map(HealthCredit::projectId).collect(Collectors.toSet());
    }
}
