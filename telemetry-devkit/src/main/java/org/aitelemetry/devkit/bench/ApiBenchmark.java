package org.aitelemetry.devkit.bench;

import java.nio.file.Path;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.process.QuarkusAppComponent;

/**
 * API benchmark (acceptance.md: 10,000 GPUs, 500 projects, 200 requests/s of mixed list, filter and by-id requests
 * as a researcher, p99 under 20 ms). The fleet is seeded straight into PostgreSQL ({@link ApiFleetSeeder}); the
 * packaged site runs against it with a real Keycloak, and the test researcher (member of {@value #OWN_CLUSTER}/
 * {@value #OWN_NAMESPACE}) sends the {@link ApiMix} open loop ({@link ApiLoad}) through a warm-up and a measured phase.
 * {@code /q/health/live} at the same rate is the floor. Exits 1 when any request was answered other than 2xx.
 */
public final class ApiBenchmark {

    static final String OWN_CLUSTER = "cluster-01";
    static final String OWN_NAMESPACE = "nlp-001";

    private final ApiOptions options;
    private final Path root;
    private final Workspace workspace;

    private ApiBenchmark(ApiOptions options, Path root) {
        this.options = options;
        this.root = root;
        this.workspace = new Workspace(root.resolve("target/devkit/bench-api"));
    }

    public static void main(String[] args) throws Exception {
        BenchmarkCommand.main(args, ApiOptions.USAGE, ApiOptions::parse,
                (options, root) -> new ApiBenchmark(options, root).run());
    }

    private boolean run() throws Exception {
        ApiReport report = new ApiReport(options);
        report.header(SeededSite.describeJvm());
        try (SeededSite seededSite = new SeededSite(root, workspace)) {
            report.seeded(seededSite.start(options.scale()));
            ApiTargets targets = ApiTargets.load(seededSite.jdbcUrl(), OWN_CLUSTER, OWN_NAMESPACE);
            try (ResearcherToken token = new ResearcherToken(seededSite.keycloak())) {
                return measure(seededSite.site(), seededSite.postmasterPid(), token, targets, report);
            }
        }
    }

    private boolean measure(QuarkusAppComponent site, long postmasterPid, ResearcherToken token, ApiTargets targets,
            ApiReport report) throws Exception {
        ApiLoad load = new ApiLoad(site.url(), token, options.mix(), targets, options.threads());
        Timetable timetable = load.start(options.rate(), options.warmupSeconds(), options.seconds());
        WebhookSender.waitUntil(timetable.dueNanos(timetable.warmupTickets()));
        CpuSample before = CpuSample.take(site.pid(), postmasterPid);
        WebhookSender.waitUntil(timetable.dueNanos(timetable.tickets()));
        CpuSample cpu = CpuSample.take(site.pid(), postmasterPid).minus(before);
        ApiLoad.Result result = load.await();
        report.load(result, cpu, ProcessMemory.residentMib(site.pid()));
        if (options.floorSeconds() > 0) {
            ApiLoad floor = new ApiLoad(site.managementUrl(), token, ApiMix.parse(ApiOperation.HEALTH_LIVE.key()), targets,
                    options.threads());
            report.floor(floor.run(options.rate(), 1, options.floorSeconds()), result);
        }
        return result.failures() == 0;
    }
}
