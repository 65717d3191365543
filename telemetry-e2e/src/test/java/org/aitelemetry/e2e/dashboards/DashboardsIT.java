package org.aitelemetry.e2e.dashboards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.StreamSupport;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetProject;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.devkit.launcher.Platform;
import org.aitelemetry.e2e.support.E2eTest;
import org.aitelemetry.e2e.support.GpuUsageAlerts;
import org.aitelemetry.e2e.support.SiteApi;
import org.aitelemetry.e2e.support.SiteBrowser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Every dashboard page in Chromium, as each demo user after a real Keycloak login: the page renders, its charts are
 * drawn from the site's named chart queries only (no PromQL, nothing but the site itself is contacted), and a
 * researcher or manager never sees a project outside their Keycloak groups, in tables or in chart requests. Also
 * the two actions of the pages: following a usage session to its trace, and requesting a health check (refused
 * here: no worker acts on the local clusters' Kubernetes API).
 */
@E2eTest
class DashboardsIT {

    static final List<DemoUser> DEMO_USERS = DemoUser.ALL;
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final int PHONE_WIDTH = 390;
    private static final int PHONE_HEIGHT = 844;

    @ParameterizedTest(name = "{0}")
    @FieldSource("DEMO_USERS")
    void everyPageShowsOnlyTheUsersProjectsAndDrawsItsChartsFromNamedQueries(DemoUser user, SiteBrowser browser,
            Platform platform, SiteApi api) {
        browser.logInAs(user, "/pages/fleet");
        // From here on the browser only reads pages: every request it makes is recorded.
        List<String> requests = new CopyOnWriteArrayList<>();
        browser.page().onRequest(request -> requests.add(request.url()));
        List<String> otherProjects = user.groups().isEmpty() ? List.of() : platform.fleet().projects().stream()
                .map(DashboardsIT::shownAs).filter(project -> !user.groups().contains("/projects/" + project))
                .toList();

        for (Map.Entry<String, String> page : pages(platform, api, user).entrySet()) {
            Response response = browser.page().navigate(platform.siteUrl() + page.getValue());
            assertThat(response.status()).as(page.getValue()).isEqualTo(200);
            awaitCharts(browser.page());
            assertThat(browser.page().locator("#user").innerText()).isEqualTo("Signed in as " + user.username());
            String text = browser.page().locator("main").innerText();
            assertThat(otherProjects).as(page.getValue()).noneSatisfy(project -> assertThat(text).contains(project));
            assertThat(browser.page().locator("[data-chart][data-state=error]").count()).as(page.getValue())
                    .isZero();
            if (page.getKey().equals("fleet-overview")) {
                // Prometheus has scraped the simulated fleet since the start: the default window has its readings.
                assertThat(browser.page().locator("[data-chart] .status").allInnerTexts())
                        .noneSatisfy(status -> assertThat(status).contains("No data"));
            }
            if (user.equals(DemoUser.GRACE)) {
                browser.screenshot(page.getKey());
            }
        }

        List<String> charts = requests.stream().filter(url -> url.contains("/pages/charts/")).toList();
        assertThat(charts).isNotEmpty().allSatisfy(url -> assertThat(url).startsWith(platform.siteUrl())
                .doesNotContain("query=").doesNotContain("promql"));
        assertThat(requests).allSatisfy(url -> assertThat(url).startsWith(platform.siteUrl())
                .doesNotStartWith(platform.prometheusUrl()));
        List<Long> ownProjectIds = projectIds(api, user);
        assertThat(charts.stream().filter(url -> url.contains("project=")))
                .allSatisfy(url -> assertThat(ownProjectIds).contains(projectParameter(url)));
    }

    @Test
    void aResearcherFollowsAUsageSessionToItsTrace(SiteBrowser browser, Platform platform, SiteApi api)
            throws Exception {
        FleetProject project = ownProject(platform, DemoUser.ADA);
        FleetDevice device = platform.fleet().devices(project.cluster()).stream().filter(gpu -> !gpu.mig())
                .findFirst().orElseThrow();
        String pod = "e2e-trace-" + System.currentTimeMillis();
        JsonNode session = GpuUsageAlerts.startSession(platform, api, device, project, pod,
                getClass().getSimpleName());
        String traceId = session.path("traceId").asText();

        Page page = browser.logInAs(DemoUser.ADA, "/pages/projects/" + session.path("project").path("id").asLong());
        Locator link = page.locator("#sessions tr", new Page.LocatorOptions().setHasText(pod)).locator("a.trace-link");
        assertThat(link.innerText()).isEqualTo(traceId);
        browser.screenshot("project-session");
        Page trace = page.waitForPopup(link::click);

        // The start span is exported shortly after the session opens; the trace page shows what has arrived.
        await().atMost(PATIENCE).untilAsserted(() -> {
            trace.reload();
            assertThat(trace.locator("#trace-id").innerText()).isEqualTo(traceId);
            assertThat(trace.locator(".span-name").allInnerTexts()).contains("gpu.usage.start");
        });
        assertThat(trace.locator("#spans").innerText()).contains(pod).contains(device.uuid());
    }

    /**
     * The local platform's worker has Kubernetes off, so no worker acts on any cluster's API: the manager's check is
     * refused when requested, with the reason, instead of being left PENDING forever.
     */
    @Test
    void aManagerRequestsAHealthCheckAndAResearcherMayNotCheckAWholeProject(SiteBrowser browser, Platform platform) {
        FleetProject project = ownProject(platform, DemoUser.GRACE);
        Page page = browser.logInAs(DemoUser.GRACE, "/pages/health");

        requestProjectCheck(page, project);

        assertThat(page.locator("#health-check-form .result.error").innerText())
                .contains("no worker acts on cluster " + project.cluster() + "'s Kubernetes API");
        page.reload();
        assertThat(page.locator("#requests").innerText()).doesNotContain("PENDING");
        browser.screenshot("health-check-requested");

        browser.logOut();
        browser.logInAs(DemoUser.ADA, "/pages/health");
        requestProjectCheck(page, ownProject(platform, DemoUser.ADA));
        assertThat(page.locator("#health-check-form .result.error").innerText()).contains("telemetry-manager");
    }

    @Test
    void theFleetOverviewFitsAPhone(SiteBrowser browser) {
        browser.resize(PHONE_WIDTH, PHONE_HEIGHT);
        Page page = browser.logInAs(DemoUser.GRACE, "/pages/fleet");
        awaitCharts(page);

        Object overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth");
        assertThat(((Number) overflow).intValue()).as("horizontal overflow in px").isLessThanOrEqualTo(0);
        browser.screenshot("fleet-overview-phone");
    }

    /** The pages to visit, by screenshot name: every kind the site has, with objects the user may open. */
    private static Map<String, String> pages(Platform platform, SiteApi api, DemoUser user) {
        Map<String, String> pages = new LinkedHashMap<>();
        JsonNode node = api.get("/api/v1/nodes?size=1").path("items").get(0);
        FleetDevice device = platform.fleet().devices().stream().filter(gpu -> !gpu.blank() && !gpu.mig())
                .findFirst().orElseThrow();
        pages.put("fleet-overview", "/pages/fleet");
        pages.put("cluster", "/pages/clusters/" + api.get("/api/v1/clusters").path("items").get(0).path("id").asLong());
        pages.put("node", "/pages/nodes/" + node.path("id").asLong());
        pages.put("device", "/pages/devices/" + device.uuid());
        platform.fleet().slices().stream().findFirst().ifPresent(slice -> pages.put("slice", "/pages/slices/"
                + api.get("/api/v1/slices?size=1").path("items").get(0).path("id").asLong()));
        pages.put("projects", "/pages/projects");
        List<Long> own = projectIds(api, user);
        pages.put("project", "/pages/projects/" + own.get(0));
        FleetProject project = ownProject(platform, user);
        String podPrefix = platform.fleet().pods(project.cluster()).stream()
                .filter(pod -> pod.namespace().equals(project.namespace())).findFirst()
                .map(pod -> pod.name().replaceAll("-[a-z0-9]+$", "")).orElse(project.namespace());
        pages.put("job-health", "/pages/job-health?cluster=" + project.cluster() + "&namespace="
                + project.namespace() + "&podPrefix=" + podPrefix);
        pages.put("health", "/pages/health");
        return pages;
    }

    private static void requestProjectCheck(Page page, FleetProject project) {
        page.selectOption("#health-check-form select[name=cluster]", project.cluster());
        page.selectOption("#health-check-form select[name=kind]", "PROJECT");
        page.fill("#health-check-form input[name=namespace]", project.namespace());
        page.click("#health-check-form button[type=submit]");
        page.waitForFunction("() => { const result = document.querySelector('#health-check-form .result');"
                + " return result.textContent !== '' && result.textContent !== 'Sending…'; }");
    }

    /** Every chart of the page has been drawn, or has shown why not. */
    private static void awaitCharts(Page page) {
        page.waitForFunction("() => [...document.querySelectorAll('[data-chart]')].every(chart => chart.dataset.state)");
    }

    /** The user's first project (the admin, who has no groups, gets the fleet's first). */
    private static FleetProject ownProject(Platform platform, DemoUser user) {
        return platform.fleet().projects().stream()
                .filter(project -> user.groups().isEmpty() || user.groups().contains("/projects/" + shownAs(project)))
                .findFirst().orElseThrow();
    }

    /** The ids of the projects the user may see, from the API as an admin client sees them. */
    private static List<Long> projectIds(SiteApi api, DemoUser user) {
        List<Long> ids = new ArrayList<>();
        StreamSupport.stream(api.get("/api/v1/projects?size=500").path("items").spliterator(), false)
                .filter(project -> user.groups().isEmpty() || user.groups().contains("/projects/"
                        + project.path("cluster").asText() + "/" + project.path("namespace").asText()))
                .forEach(project -> ids.add(project.path("id").asLong()));
        return ids;
    }

    private static long projectParameter(String url) {
        String value = url.replaceAll(".*[?&]project=(\\d+).*", "$1");
        return Long.parseLong(value);
    }

    private static String shownAs(FleetProject project) {
        return project.cluster() + "/" + project.namespace();
    }
}
