package org.aitelemetry.devkit.bench;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;
import org.aitelemetry.devkit.keycloak.RealmImport;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.SchemaMigrator;
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
        if (List.of(args).contains("--help")) {
            System.out.print(ApiOptions.USAGE);
            return;
        }
        ApiOptions options;
        try {
            options = ApiOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(ApiOptions.USAGE);
            System.exit(2);
            return;
        }
        System.exit(new ApiBenchmark(options, Path.of("").toAbsolutePath()).run() ? 0 : 1);
    }

    private boolean run() throws Exception {
        ApiReport report = new ApiReport(options);
        report.header(WorkerJvm.describe());
        try (PostgresComponent postgres = new PostgresComponent(workspace);
                KeycloakComponent keycloak = new KeycloakComponent(workspace, "keycloak",
                        RealmImport.WITH_TEST_ADDITIONS)) {
            postgres.start();
            String database = postgres.createDatabase("api");
            String jdbcUrl = postgres.jdbcUrl(database);
            SchemaMigrator.migrate(jdbcUrl);
            report.seeded(ApiFleetSeeder.seed(jdbcUrl, options.scale()));
            ApiTargets targets = ApiTargets.load(jdbcUrl, OWN_CLUSTER, OWN_NAMESPACE);
            keycloak.start();
            Map<String, String> config = new HashMap<>(keycloak.siteConfig());
            config.putAll(postgres.appConfig(database));
            Path jar = root.resolve("telemetry-site/target/quarkus-app/quarkus-run.jar");
            try (QuarkusAppComponent site = new QuarkusAppComponent("telemetry-site", jar, LoopbackPorts.free(), config,
                    WorkerJvm.options(), workspace);
                    ResearcherToken token = new ResearcherToken(keycloak)) {
                site.start();
                return measure(site, postgres.serverPid().orElseThrow(), token, targets, report);
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
            ApiLoad floor = new ApiLoad(site.url(), token, ApiMix.parse(ApiOperation.HEALTH_LIVE.key()), targets,
                    options.threads());
            report.floor(floor.run(options.rate(), 1, options.floorSeconds()), result);
        }
        return result.failures() == 0;
    }
}
