package org.aitelemetry.devkit.bench;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.keycloak.BrowserSession;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.devkit.process.QuarkusAppComponent;

/**
 * Dashboards benchmark (issue 7, acceptance.md: the fleet overview and a project page at 10,000 GPUs / 500 projects,
 * server time p95 under 150 ms). The fleet of the API benchmark is seeded ({@link SeededSite}); each person signs in
 * through Keycloak's login page as in a browser, then {@link PageLoad} fetches each page in a closed loop, warm-up
 * first. ada is a researcher of {@value ApiBenchmark#OWN_CLUSTER}/{@value ApiBenchmark#OWN_NAMESPACE}, whose project
 * page is measured; margaret is an admin, whose fleet overview ranks all 500 projects (the heaviest page) and who
 * sees the same project page. {@code /q/health/live} of the management interface, in the same loop, is the floor.
 * Exits 1 on any answer but 200, and when a page shows an empty table (it would be measured without its rows).
 */
public final class DashboardBenchmark {

    private static final List<DemoUser> PEOPLE = List.of(DemoUser.ADA, DemoUser.MARGARET);
    private static final String FLOOR_PATH = "/q/health/live";

    private final DashboardOptions options;
    private final Path root;
    private final Workspace workspace;

    private DashboardBenchmark(DashboardOptions options, Path root) {
        this.options = options;
        this.root = root;
        this.workspace = new Workspace(root.resolve("target/devkit/bench-dashboards"));
    }

    public static void main(String[] args) throws Exception {
        BenchmarkCommand.main(args, DashboardOptions.USAGE, DashboardOptions::parse,
                (options, root) -> new DashboardBenchmark(options, root).run());
    }

    private boolean run() throws Exception {
        DashboardReport report = new DashboardReport(options);
        report.header(SeededSite.describeJvm());
        try (SeededSite seededSite = new SeededSite(root, workspace)) {
            report.seeded(seededSite.start(options.scale()));
            long projectId = ApiTargets.projectId(seededSite.jdbcUrl(), ApiBenchmark.OWN_CLUSTER,
                    ApiBenchmark.OWN_NAMESPACE);
            QuarkusAppComponent site = seededSite.site();
            boolean passed = true;
            for (DemoUser person : PEOPLE) {
                for (DashboardPage page : DashboardPage.values()) {
                    // Signed in anew for each page: a session lasts as long as Keycloak's 5-minute access token.
                    BrowserSession session = BrowserSession.signIn(URI.create(site.url()), person);
                    passed &= measure(session, person, page, page.path(projectId), site.pid(),
                            seededSite.postmasterPid(), report);
                }
            }
            long rssMib = ProcessMemory.residentMib(site.pid());
            if (options.floor() > 0) {
                BrowserSession management = BrowserSession.signedOut(URI.create(site.managementUrl()));
                PageLoad.Phases floor = new PageLoad(management, options.clients()).measure(FLOOR_PATH, options.warmup(),
                        options.floor(), site.pid(), seededSite.postmasterPid());
                report.floor(floor);
                passed &= floor.failures() == 0;
            }
            report.end(rssMib);
            return passed;
        }
    }

    private boolean measure(BrowserSession session, DemoUser person, DashboardPage page, String path, long sitePid,
            long postmasterPid, DashboardReport report) throws Exception {
        List<String> emptyTables = page.emptyTablesIn(session.getOnce(path).body());
        if (!emptyTables.isEmpty()) {
            report.refused(page, path, person, emptyTables);
            return false;
        }
        PageLoad.Phases phases = new PageLoad(session, options.clients()).measure(path, options.warmup(),
                options.requests(), sitePid, postmasterPid);
        report.page(page, path, person, phases);
        return phases.failures() == 0;
    }
}
