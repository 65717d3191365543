package org.aitelemetry.site.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.PageSession;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The fleet overview, projects, project and job-health pages as the demo users see them after a real Keycloak
 * login: figures as PostgreSQL holds them, and a researcher never sees another project's rows.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class DashboardPagesTest {

    /** Rollups this test adds in the current hour, removed after each test: ids far from the fixture's. */
    private static final String RECENT_USAGE = """
            INSERT INTO usage_rollup (id, entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated,
                                      gpu_seconds_used, idle_gpu_seconds, utilization_avg, energy_joules, cost)
            VALUES (990001, 'PROJECT', $1, date_trunc('hour', now()), $2, 36000, 18000, 3600, 50, 3600000, 12.5),
                   (990002, 'PROJECT', $3, date_trunc('hour', now()), $2, 72000, 72000, 0, 90, 7200000, 25)""";
    private static final Pattern TOP_PROJECT_ROW = Pattern.compile(
            "<a href=\"/pages/projects/\\d+\">([^<]+)</a></td>\\s*<td class=\"num\">([^<]+)</td>");
    private static PageSession ada;
    private static PageSession margaret;

    @TestHTTPResource("/")
    URI site;

    @Inject
    Pool pool;

    @BeforeEach
    void signIn() throws Exception {
        Fixture.load(pool);
        pool.preparedQuery(RECENT_USAGE).execute(Tuple.of(Fixture.OWN_PROJECT, Fixture.CLUSTER_01,
                Fixture.OTHER_PROJECT)).await().indefinitely();
        if (ada == null) {
            ada = PageSession.signIn(site, DemoUser.ADA);
            margaret = PageSession.signIn(site, DemoUser.MARGARET);
        }
    }

    @AfterEach
    void removeRecentUsage() {
        pool.query("DELETE FROM usage_rollup WHERE id IN (990001, 990002)").execute().await().indefinitely();
    }

    @Test
    void theRootLeadsToTheFleetOverview() throws Exception {
        HttpResponse<String> root = ada.getOnce("/");
        assertThat(root.statusCode()).isEqualTo(303);
        assertThat(root.headers().firstValue("Location")).hasValueSatisfying(to -> assertThat(to).endsWith("/pages/fleet"));
    }

    @Test
    void theFleetOverviewCountsWhatPostgresHolds() throws Exception {
        Row counts = pool.query("""
                SELECT count(*) FILTER (WHERE state = 'PRESENT') AS gpus,
                       count(*) FILTER (WHERE state = 'PRESENT' AND health IN ('DEGRADED', 'FAILED')) AS unhealthy
                FROM gpu_device""").execute().await().indefinitely().iterator().next();

        String page = ada.get("/pages/fleet").body();

        assertThat(page).contains("id=\"gpus-total\">" + counts.getLong("gpus") + "<")
                .contains("id=\"gpus-unhealthy\">" + counts.getLong("unhealthy") + "<")
                .contains("href=\"/pages/clusters/" + Fixture.CLUSTER_01 + "\">cluster-01</a>")
                .contains("href=\"/pages/devices/" + Fixture.DEVICE_FAILED + "\"")
                .contains("data-chart=\"fleet-utilization\"").contains("data-chart=\"fleet-power\"");
    }

    @Test
    void topProjectsAreTheCallersOwnUnlessAdmin() throws Exception {
        String researchers = section(ada.get("/pages/fleet").body(), "top-projects");
        String admins = section(margaret.get("/pages/fleet").body(), "top-projects");

        assertThat(researchers).contains("cluster-01/nlp-001").doesNotContain("vision-002");
        assertThat(admins).contains("cluster-01/nlp-001").contains("cluster-01/vision-002");
    }

    @Test
    void anAdminsTopProjectsAreRankedByTheWeeksGpuHours() throws Exception {
        List<String> expected = new ArrayList<>();
        pool.query("""
                SELECT c.name || '/' || p.namespace AS project, sum(r.gpu_seconds_allocated) / 3600 AS gpu_hours
                FROM usage_rollup r JOIN research_project p ON p.id = r.entity_id JOIN ai_cluster c ON c.id = p.cluster_id
                WHERE r.entity_kind = 'PROJECT' AND r.hour >= now() - interval '7 days'
                GROUP BY p.id, c.name, p.namespace ORDER BY gpu_hours DESC, p.id LIMIT 10""").execute().await()
                .indefinitely().forEach(row -> expected.add(row.getString("project") + " "
                        + fixed(row.getDouble("gpu_hours"), 1)));

        Matcher rows = TOP_PROJECT_ROW.matcher(section(margaret.get("/pages/fleet").body(), "top-projects"));
        List<String> shown = new ArrayList<>();
        while (rows.find()) {
            shown.add(rows.group(1) + " " + rows.group(2));
        }

        assertThat(shown).hasSizeGreaterThanOrEqualTo(2).isEqualTo(expected);
    }

    @Test
    void theProjectsTableListsOnlyTheResearchersProjectsAndSearches() throws Exception {
        String own = section(ada.get("/pages/projects").body(), "projects-table");
        String all = section(margaret.get("/pages/projects?q=vis").body(), "projects-table");

        assertThat(own).contains("cluster-01/nlp-001").doesNotContain("vision-002").doesNotContain("cluster-02/");
        assertThat(all).contains("cluster-01/vision-002").doesNotContain("nlp-001");
    }

    @Test
    void projectsShowWhoTheyAreAreFoundByPiAndGroupedByInstitution() throws Exception {
        String byPi = section(margaret.get("/pages/projects?q=grace").body(), "projects-table");
        String groups = section(margaret.get("/pages/projects/groups?by=institution").body(), "project-groups");
        String mine = section(ada.get("/pages/projects/groups?by=pi").body(), "project-groups");
        String page = ada.get("/pages/projects/" + Fixture.OWN_PROJECT).body();

        assertThat(byPi).contains("cluster-01/vision-002").contains("<td>grace@harvard.edu</td>")
                .doesNotContain("nlp-001");
        assertThat(groups).contains("<a href=\"/pages/projects?q=Boston%20University\">Boston University</a>")
                .contains("not said by the namespace");
        assertThat(mine).contains(">ada@bu.edu</a>").doesNotContain("grace").doesNotContain("not said");
        String allocation = page.substring(page.indexOf("id=\"allocation\""), page.indexOf("</dl>"));
        assertThat(allocation).contains("<dd>ALLOC-77</dd>")
                .contains("<a href=\"/pages/projects?q=ada%40bu.edu\">ada@bu.edu</a>")
                .contains("<dt>As said by</dt><dd>the namespace's annotations</dd>");
        assertThat(margaret.get("/pages/projects/groups?by=team").statusCode()).isEqualTo(400);
    }

    @Test
    void aProjectPageShowsItsUsageFlagsAndSessionsWithTraceLinks() throws Exception {
        Row usage = pool.preparedQuery("""
                SELECT sum(gpu_seconds_allocated) / 3600 AS allocated, sum(cost) AS cost FROM usage_rollup
                WHERE entity_kind = 'PROJECT' AND entity_id = $1
                  AND hour >= date_trunc('hour', now()) + interval '1 hour' - interval '24 hours'""")
                .execute(Tuple.of(Fixture.OWN_PROJECT)).await().indefinitely().iterator().next();

        HttpResponse<String> response = ada.get("/pages/projects/" + Fixture.OWN_PROJECT + "?window=24h");

        assertThat(response.statusCode()).isEqualTo(200);
        String page = response.body();
        assertThat(page).contains("<h1>cluster-01/nlp-001</h1>")
                .contains("id=\"gpu-hours-allocated\">" + fixed(usage.getDouble("allocated"), 1) + "<")
                .contains("id=\"cost\">" + usage.getBigDecimal("cost").setScale(2, RoundingMode.HALF_UP) + "<")
                .contains("1 pods restarting")
                .contains("data-chart=\"project-gpus\" data-subject=\"project\" data-subject-value=\""
                        + Fixture.OWN_PROJECT + "\"");
        assertThat(section(page, "sessions")).contains("0af7651916cd43dd8448eb211c80319c")
                .doesNotContain("cluster-02");
    }

    @Test
    void anotherProjectsPageIsNotFoundForAResearcherButNotForAnAdmin() throws Exception {
        assertThat(ada.get("/pages/projects/" + Fixture.OTHER_PROJECT).statusCode()).isEqualTo(404);
        assertThat(ada.get("/pages/projects/" + Fixture.TWIN_PROJECT).statusCode()).isEqualTo(404);
        assertThat(margaret.get("/pages/projects/" + Fixture.OTHER_PROJECT).statusCode()).isEqualTo(200);
        assertThat(ada.get("/pages/projects/" + Fixture.OWN_PROJECT + "?window=1y").statusCode()).isEqualTo(400);
    }

    @Test
    void jobHealthFindsTheJobsGpusInOwnProjectsOnly() throws Exception {
        String form = ada.get("/pages/job-health").body();
        String own = ada.get("/pages/job-health?cluster=cluster-01&namespace=nlp-001&podPrefix=nlp-train").body();
        HttpResponse<String> other = ada.get("/pages/job-health?cluster=cluster-01&namespace=vision-002"
                + "&podPrefix=vision");

        assertThat(form).contains("id=\"job-health-form\"").doesNotContain("id=\"job-verdict\"");
        assertThat(own).contains("id=\"job-verdict\"").contains(Fixture.DEVICE_HEALTHY);
        assertThat(other.statusCode()).isEqualTo(404);
    }

    /** The table with this id, so an assertion cannot be satisfied by the header or another table. */
    private static String section(String page, String tableId) {
        int start = page.indexOf("id=\"" + tableId + "\"");
        assertThat(start).as("table " + tableId).isPositive();
        return page.substring(start, page.indexOf("</table>", start));
    }

    private static String fixed(double value, int decimals) {
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    }
}
