package org.aitelemetry.devkit.bench;

import java.net.URI;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.oidc.LocalTokenIssuer;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.SchemaMigrator;
import org.aitelemetry.devkit.process.QuarkusAppComponent;

/**
 * Alert-ingest benchmark (acceptance.md: at least 5,000 alerts/s sustained on 2 cores, goal 20,000; p99 batch latency
 * under 50 ms; 0 lost). The packaged worker, with tokens from {@link LocalTokenIssuer} and its sync and rollup jobs
 * off, takes Alertmanager 0.25 notifications ({@link AlertGroup}) from closed-loop senders on loopback
 * ({@link WebhookLoad}): a warm-up, a measured phase, then every open session resolved. Afterwards PostgreSQL is
 * asked whether every acknowledged alert is stored and, once session processing has consumed them, whether every
 * session is there and closed. While measuring, the backlog of unprocessed notifications is sampled every few seconds:
 * the rate alerts are turned into sessions, not the rate they are accepted, is what the goal judges. With
 * {@code --replicas N}, N workers share the database (and its session shards) and the senders. {@code /q/health/live}
 * at the same concurrency is the round-trip floor. Exits 1 when an
 * alert is lost, a request failed, or drained sessions do not match what was sent.
 */
public final class IngestBenchmark {

    private static final Duration CLOSING_PATIENCE = Duration.ofMinutes(5);
    private static final Duration TOKEN_LIFETIME = Duration.ofHours(2);
    /** How often the measured phase samples the backlog of unprocessed notifications. */
    private static final Duration BACKLOG_EVERY = Duration.ofSeconds(5);

    private final IngestOptions options;
    private final Path root;
    private final Workspace workspace;

    private IngestBenchmark(IngestOptions options, Path root) {
        this.options = options;
        this.root = root;
        this.workspace = new Workspace(root.resolve("target/devkit/bench-ingest"));
    }

    public static void main(String[] args) throws Exception {
        BenchmarkCommand.main(args, IngestOptions.USAGE, IngestOptions::parse,
                (options, root) -> new IngestBenchmark(options, root).run());
    }

    private boolean run() throws Exception {
        LocalTokenIssuer issuer = LocalTokenIssuer.generate();
        try (PostgresComponent postgres = BenchPostgres.server(workspace)) {
            postgres.start();
            String database = postgres.createDatabase("ingest");
            String jdbcUrl = postgres.jdbcUrl(database);
            SchemaMigrator.migrate(jdbcUrl);
            BenchDatabase.commitDurably(jdbcUrl, database);
            Map<String, String> config = new HashMap<>(issuer.appConfig());
            config.putAll(postgres.appConfig(database));
            config.put("telemetry.sync.every", "off");
            config.put("telemetry.usage.every", "off");
            Path jar = root.resolve("telemetry-worker/target/quarkus-app/quarkus-run.jar");
            List<QuarkusAppComponent> workers = new ArrayList<>();
            try {
                for (int replica = 1; replica <= options.replicas(); replica++) {
                    String name = replica == 1 ? "telemetry-worker" : "telemetry-worker-" + replica;
                    workers.add(new QuarkusAppComponent(name, jar, LoopbackPorts.free(), config, WorkerJvm.options(),
                            workspace).withJava(WorkerJvm.java()));
                    workers.get(replica - 1).start();
                }
                return measure(workers, postgres.serverPid().orElseThrow(), issuer, jdbcUrl);
            } finally {
                workers.forEach(QuarkusAppComponent::close);
            }
        }
    }

    /** The first replica also answers the token check and the round-trip floor; load and CPU cover them all. */
    private boolean measure(List<QuarkusAppComponent> workers, long postmasterPid, LocalTokenIssuer issuer,
            String jdbcUrl) throws Exception {
        QuarkusAppComponent worker = workers.get(0);
        List<Long> pids = workers.stream().map(QuarkusAppComponent::pid).toList();
        List<URI> webhooks = workers.stream().map(replica -> URI.create(replica.url() + "/api/ingest/v1/alertmanager"))
                .toList();
        IngestReport report = new IngestReport(options);
        report.header(WorkerJvm.describe(), BenchPostgres.describe());
        report.authCheck(IngestAuthCheck.verify(webhooks.get(0), issuer));
        CpuSample beforeLoad = CpuSample.take(pids, postmasterPid);
        WebhookLoad.Result result;
        try (BacklogWatch watch = new BacklogWatch(jdbcUrl)) {
            result = load(pids, postmasterPid, webhooks, issuer, report, watch);
        }
        long acknowledged = System.nanoTime();
        long pending = awaitDrained(jdbcUrl);
        double drainSeconds = (System.nanoTime() - acknowledged) / 1e9;
        boolean sound = report.stored(result, IngestRows.count(jdbcUrl), pending, drainSeconds);
        if (pending == 0) {
            report.pipeline(result, CpuSample.take(pids, postmasterPid).minus(beforeLoad));
        }
        if (options.floorSeconds() > 0) {
            CpuSample before = CpuSample.take(worker.pid(), postmasterPid);
            RoundTripFloor.Result floor = RoundTripFloor.measure(URI.create(worker.managementUrl() + "/q/health/live"),
                    options.senders(), options.floorSeconds());
            report.floor(floor, CpuSample.take(worker.pid(), postmasterPid).minus(before), result);
        }
        return sound;
    }

    /** Warm-up, measured phase and closing resolves; returns once every notification is answered. */
    private WebhookLoad.Result load(List<Long> workerPids, long postmasterPid, List<URI> webhooks,
            LocalTokenIssuer issuer, IngestReport report, BacklogWatch watch) throws Exception {
        WebhookLoad load = new WebhookLoad(webhooks, issuer.mint("alertmanager", List.of("alerts-writer"),
                TOKEN_LIFETIME), options);
        load.start();
        Thread.sleep(options.warmupSeconds() * 1000L);
        CpuSample before = CpuSample.take(workerPids, postmasterPid);
        BacklogTrend.Sample first = watch.sample();
        load.beginMeasuring();
        BacklogTrend.Sample last = sampleUntil(watch, System.nanoTime() + options.seconds() * 1_000_000_000L);
        load.endMeasuring();
        CpuSample cpu = CpuSample.take(workerPids, postmasterPid).minus(before);
        long rssMib = 0;
        for (long pid : workerPids) {
            rssMib += ProcessMemory.residentMib(pid);
        }
        WebhookLoad.Result result = load.awaitClosed(CLOSING_PATIENCE);
        report.load(result, cpu, rssMib);
        report.backlog(watch.between(first, last));
        return result;
    }

    /** Samples the backlog every {@link #BACKLOG_EVERY} until the deadline, and once at it; returns the last sample. */
    private static BacklogTrend.Sample sampleUntil(BacklogWatch watch, long deadlineNanos) throws Exception {
        while (true) {
            long left = deadlineNanos - System.nanoTime();
            Thread.sleep(Math.max(0, Math.min(left, BACKLOG_EVERY.toNanos()) / 1_000_000));
            BacklogTrend.Sample sample = watch.sample();
            if (left <= BACKLOG_EVERY.toNanos()) {
                return sample;
            }
        }
    }

    /** Polls until no notification is pending or the drain time is up; returns what is still pending. */
    private long awaitDrained(String jdbcUrl) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + options.drainSeconds() * 1_000_000_000L;
        while (IngestRows.anyPending(jdbcUrl) && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
        return IngestRows.pending(jdbcUrl);
    }
}
