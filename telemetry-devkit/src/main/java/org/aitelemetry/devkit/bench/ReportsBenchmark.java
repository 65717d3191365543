package org.aitelemetry.devkit.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.process.QuarkusAppComponent;

/**
 * Reports benchmark (acceptance.md: a year of hourly rollups for 10,000 GPUs and 500 projects; weekly statements for
 * all projects under 60 s, one project's monthly statement p95 under 200 ms, the retention run on a year under 30 s,
 * table sizes before and after). The API benchmark's fleet with the site and a real Keycloak ({@link SeededSite}) on
 * a PostgreSQL sized like a deployment that holds a year ({@link BenchPostgres}),
 * the year from {@link ReportsSeeder}; then the packaged worker, on the same database with its other jobs off, makes
 * the statements of every week and month within the horizon, each period one round that its timer
 * {@code telemetry.statements.round} times; the test researcher fetches their project's monthly statement through the
 * site's API ({@link StatementDownloads}); a second worker start runs retention once, timed by
 * {@code telemetry.retention.run}. Exits 1 when a target is missed (not with --smoke) or a step failed.
 */
public final class ReportsBenchmark {

    static final String ROUND_TIMER = "telemetry_statements_round";
    static final String RETENTION_TIMER = "telemetry_retention_run";
    private static final Duration STATEMENT_PATIENCE = Duration.ofMinutes(40);
    private static final Duration RETENTION_PATIENCE = Duration.ofMinutes(10);
    /** Statements are made this long after their period ends (the worker's default). */
    private static final Duration DELAY = Duration.ofHours(2);

    private final ReportsOptions options;
    private final Path root;
    private final Workspace workspace;
    private final ReportsReport report;

    private ReportsBenchmark(ReportsOptions options, Path root) {
        this.options = options;
        this.root = root;
        this.workspace = new Workspace(root.resolve("target/devkit/bench-reports"));
        this.report = new ReportsReport(options);
    }

    public static void main(String[] args) throws Exception {
        BenchmarkCommand.main(args, ReportsOptions.USAGE, ReportsOptions::parse,
                (options, root) -> new ReportsBenchmark(options, root).run());
    }

    private boolean run() throws Exception {
        report.header(WorkerJvm.describe(), BenchPostgres.describe());
        try (SeededSite site = new SeededSite(root, workspace, BenchPostgres.server(workspace))) {
            report.fleet(site.start(options.scale()));
            long begin = System.nanoTime();
            ReportsSeeder.seed(site.jdbcUrl(), options.days(), report::progress);
            report.seeded((System.nanoTime() - begin) / 1e9);
            Map<String, TableSizes.Size> before = TableSizes.read(site.jdbcUrl());

            DuePeriods due = DuePeriods.of(Instant.now(), DELAY, Duration.ofDays(options.horizonDays()));
            Optional<WorkerTimer[]> rounds;
            try (QuarkusAppComponent worker = worker(site, statementConfig())) {
                rounds = awaitRounds(worker, due);
            }
            report.statements(due, rounds, StatementCounts.read(site.jdbcUrl()));

            ApiTargets targets = ApiTargets.load(site.jdbcUrl(), ApiBenchmark.OWN_CLUSTER, ApiBenchmark.OWN_NAMESPACE);
            Stats downloads;
            try (ResearcherToken token = new ResearcherToken(site.keycloak())) {
                downloads = new StatementDownloads(site.site().url(), token).measure(targets.ownProjectId(),
                        options.downloads());
            }
            report.downloads(downloads);

            Optional<WorkerTimer> retention;
            try (QuarkusAppComponent worker = worker(site, retentionConfig())) {
                retention = await(worker, RETENTION_TIMER, "", 1, RETENTION_PATIENCE);
            }
            report.retention(retention, before, TableSizes.read(site.jdbcUrl()));
            return report.verdict(rounds, downloads, retention);
        }
    }

    private QuarkusAppComponent worker(SeededSite site, Map<String, String> phase) throws Exception {
        Map<String, String> config = new HashMap<>(site.databaseConfig());
        config.putAll(site.keycloak().workerConfig());
        config.putAll(Map.of("telemetry.sync.every", "off", "telemetry.usage.every", "off",
                "telemetry.mail.every", "off", "telemetry.idle-notices.every", "off"));
        config.putAll(phase);
        QuarkusAppComponent worker = new QuarkusAppComponent("telemetry-worker", root.resolve(
                "telemetry-worker/target/quarkus-app/quarkus-run.jar"), LoopbackPorts.free(), config,
                WorkerJvm.options(), workspace).withJava(WorkerJvm.java());
        worker.start();
        return worker;
    }

    /** Every statement due within the horizon in one run, one round per period; retention off. */
    private Map<String, String> statementConfig() {
        return Map.of("telemetry.reports.every", "24h", "telemetry.reports.first-delay", "1s",
                "telemetry.reports.horizon", options.horizonDays() + "d", "telemetry.reports.batch-size", "1000000",
                "telemetry.retention.every", "off");
    }

    /** One retention run a second after start, at the default settings; statements off. */
    private static Map<String, String> retentionConfig() {
        return Map.of("telemetry.reports.every", "off", "telemetry.retention.every", "24h",
                "telemetry.retention.first-delay", "1s");
    }

    /** The weekly and the monthly rounds' timers once every due period had its round; empty if that never came. */
    private static Optional<WorkerTimer[]> awaitRounds(QuarkusAppComponent worker, DuePeriods due) throws Exception {
        Optional<WorkerTimer> weeks = await(worker, ROUND_TIMER, "period=\"WEEK\"", due.weeks(), STATEMENT_PATIENCE);
        Optional<WorkerTimer> months = await(worker, ROUND_TIMER, "period=\"MONTH\"", due.months(),
                STATEMENT_PATIENCE);
        return weeks.isPresent() && months.isPresent()
                ? Optional.of(new WorkerTimer[] {weeks.get(), months.get()}) : Optional.empty();
    }

    private static Optional<WorkerTimer> await(QuarkusAppComponent worker, String metric, String label, long count,
            Duration patience) throws Exception {
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline)) {
            Optional<WorkerTimer> timer = WorkerTimer.read(worker.managementUrl(), metric, label);
            if (timer.isPresent() && timer.get().count() >= count) {
                return timer;
            }
            Thread.sleep(1000);
        }
        return Optional.empty();
    }
}
