package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.oidc.LocalTokenIssuer;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.SchemaMigrator;
import org.aitelemetry.devkit.process.QuarkusAppComponent;

/**
 * Health benchmark (acceptance.md: at least 200 runs/s stored and scored, post to taint p99 under 2 s, fleet baseline
 * for 10,000 GPUs under 1 s). The packaged worker, with tokens from {@link LocalTokenIssuer}, its Kubernetes signal on
 * against {@link NodeApiMock} and its sync and rollup jobs off, takes gpu-probe runs ({@link ProbeRunBody}) of a
 * seeded fleet ({@link HealthSeeder}) from closed-loop posters ({@link ProbeRunLoad}); while the measured phase runs,
 * nodes at the fleet's end each post a run with hard evidence, and {@link TaintWatch} times their taint. Afterwards
 * PostgreSQL is asked whether every acknowledged run is stored with its results, and the worker's metrics for its
 * fleet-baseline recomputes over the seeded results. Exits 1 when a run is lost, a request failed or a taint never
 * showed.
 */
public final class HealthBenchmark {

    /** The worker's timer of its fleet-baseline recomputes, {@code telemetry.health.fleet-baseline.recompute}. */
    static final String BASELINE_TIMER = "telemetry_health_fleet_baseline_recompute";
    private static final Duration TOKEN_LIFETIME = Duration.ofHours(2);
    private static final Duration TAINT_PATIENCE = Duration.ofSeconds(30);
    /** Failed runs go out at 5/s, so that each taint is timed on its own rather than behind a queue of them. */
    private static final long FAILING_EVERY_MILLIS = 200;
    /**
     * Rare enough that the recomputes take little from the ingest being measured (a production worker recomputes every
     * 15 minutes), often enough that some fall after the load.
     */
    private static final String BASELINE_EVERY = "45s";
    /** Two baseline periods and a little: at least one recompute after the load. */
    private static final long QUIET_MILLIS = 100_000;
    /** Keys of the blast-radius limit and the fleet-baseline job, which builds before issue 16 do not know. */
    private static final Set<String> NEWER_KEYS = Set.of("telemetry.kubernetes.taint-limit.max-share",
            "telemetry.kubernetes.taint-limit.max-per-hour", "telemetry.health.fleet-baseline.every");
    private static final Pattern REFUSED_KEY = Pattern.compile("SRCFG00050: (\\S+) in \\w+ does not map to any root");

    private final HealthOptions options;
    private final HealthFleet fleet;
    private final Path root;
    private final Workspace workspace;
    private final HealthReport report;

    private HealthBenchmark(HealthOptions options, Path root) {
        this.options = options;
        this.fleet = HealthFleet.of(options);
        this.root = root;
        this.workspace = new Workspace(root.resolve("target/devkit/bench-health"));
        this.report = new HealthReport(options);
    }

    public static void main(String[] args) throws Exception {
        BenchmarkCommand.main(args, HealthOptions.USAGE, HealthOptions::parse,
                (options, root) -> new HealthBenchmark(options, root).run());
    }

    private boolean run() throws Exception {
        LocalTokenIssuer issuer = LocalTokenIssuer.generate();
        report.header(WorkerJvm.describe());
        try (PostgresComponent postgres = new PostgresComponent(workspace); NodeApiMock kube = new NodeApiMock()) {
            postgres.start();
            String database = postgres.createDatabase("health");
            String jdbcUrl = postgres.jdbcUrl(database);
            SchemaMigrator.migrate(jdbcUrl);
            BenchDatabase.commitDurably(jdbcUrl, database);
            long begin = System.nanoTime();
            HealthSeeder.fleet(jdbcUrl, fleet);
            int baselineGpus = options.baselineGpus() == 0 ? 0
                    : HealthSeeder.baselineResults(jdbcUrl, fleet, options.baselineGpus());
            HealthSeeder.analyze(jdbcUrl);
            kube.start();
            kube.createNodes(fleet.nodeNames());
            report.seeded((System.nanoTime() - begin) / 1e9, baselineGpus);
            Map<String, String> config = new HashMap<>(issuer.appConfig());
            config.putAll(postgres.appConfig(database));
            config.putAll(kube.appConfig());
            config.putAll(workerConfig());
            try (QuarkusAppComponent worker = startWorker(config)) {
                return measure(worker, postgres.serverPid().orElseThrow(), issuer, jdbcUrl, kube);
            }
        }
    }

    /**
     * Starts the worker; when it refuses keys of {@link #NEWER_KEYS} (SmallRye fails the start on a key under a
     * mapping's prefix that the mapping lacks), starts it again without them, and says so.
     */
    private QuarkusAppComponent startWorker(Map<String, String> config) throws Exception {
        QuarkusAppComponent worker = worker(config);
        try {
            worker.start();
            return worker;
        } catch (IllegalStateException e) {
            worker.close();
            Set<String> unknown = new TreeSet<>(NEWER_KEYS);
            unknown.retainAll(refusedKeys(worker.logFile()));
            if (unknown.isEmpty()) {
                throw e;
            }
            report.notInBuild(unknown);
            config.keySet().removeAll(unknown);
            QuarkusAppComponent again = worker(config);
            again.start();
            return again;
        }
    }

    private QuarkusAppComponent worker(Map<String, String> config) {
        return new QuarkusAppComponent("telemetry-worker", root.resolve(
                "telemetry-worker/target/quarkus-app/quarkus-run.jar"), LoopbackPorts.free(), config,
                WorkerJvm.options(), workspace).withJava(WorkerJvm.java());
    }

    private static Set<String> refusedKeys(Path log) throws IOException {
        Set<String> keys = new TreeSet<>();
        Matcher refused = REFUSED_KEY.matcher(Files.readString(log));
        while (refused.find()) {
            keys.add(refused.group(1));
        }
        return keys;
    }

    /**
     * The Kubernetes signal for the seeded cluster, with blast-radius limits that let every failing node be tainted;
     * the fleet baseline recomputed every few seconds.
     */
    private static Map<String, String> workerConfig() {
        return Map.of("telemetry.sync.every", "off",
                "telemetry.usage.every", "off",
                "telemetry.kubernetes.enabled", "true",
                "telemetry.kubernetes.cluster", HealthFleet.CLUSTER,
                "telemetry.kubernetes.taint-limit.max-share", "1.0",
                "telemetry.kubernetes.taint-limit.max-per-hour", "100000",
                "telemetry.health.fleet-baseline.every", BASELINE_EVERY);
    }

    private boolean measure(QuarkusAppComponent worker, long postmasterPid, LocalTokenIssuer issuer, String jdbcUrl,
            NodeApiMock kube) throws Exception {
        ProbeRunPoster poster = new ProbeRunPoster(URI.create(worker.url() + "/api/ingest/v1/probe-runs"),
                issuer.mint("gpu-probe", List.of("probe-writer"), TOKEN_LIFETIME));
        int unseen;
        try (TaintWatch watch = new TaintWatch(kube.client())) {
            ProbeRunLoad load = new ProbeRunLoad(poster, fleet, options);
            load.start();
            load.awaitMeasuring();
            CpuSample before = CpuSample.take(worker.pid(), postmasterPid);
            Thread failing = failingRuns(poster, watch);
            ProbeRunLoad.Result result = load.awaitDone();
            report.load(result, CpuSample.take(worker.pid(), postmasterPid).minus(before));
            failing.join();
            unseen = watch.awaitAll(TAINT_PATIENCE);
            report.taints(watch, unseen, FAILING_EVERY_MILLIS);
        }
        HealthRows rows = HealthRows.check(jdbcUrl, poster.created(), options.gpusPerNode());
        report.stored(rows, poster.outcomes(), poster.failures());
        Optional<WorkerTimer> before = WorkerTimer.read(worker.managementUrl(), BASELINE_TIMER, "");
        Thread.sleep(QUIET_MILLIS);
        report.baseline(before, WorkerTimer.read(worker.managementUrl(), BASELINE_TIMER, ""), rows.resultGpus());
        return rows.complete() && poster.failures() == 0 && unseen == 0;
    }

    /** One run with hard evidence from each failing node, paced, on a thread of its own. */
    private Thread failingRuns(ProbeRunPoster poster, TaintWatch watch) {
        Thread thread = new Thread(() -> {
            ProbeRunBody body = new ProbeRunBody(-1);
            try {
                for (int node = options.loadNodes(); node < options.nodes(); node++) {
                    UUID runId = UUID.randomUUID();
                    String run = body.report(HealthFleet.node(node), fleet.gpus(node), runId, true);
                    watch.posting(HealthFleet.node(node));
                    poster.post(runId, run);
                    Thread.sleep(FAILING_EVERY_MILLIS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "failing-runs");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
