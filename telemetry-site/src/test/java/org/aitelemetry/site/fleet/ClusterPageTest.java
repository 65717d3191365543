package org.aitelemetry.site.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.http.HttpResponse;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.Html;
import org.aitelemetry.site.support.SitePageTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/** The cluster page: facts, chart containers, the node table with busy and idle GPUs, search, paging, not found. */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class ClusterPageTest extends SitePageTest {

    private static final String CLUSTER_01 = "/pages/clusters/" + Fixture.CLUSTER_01;

    @Test
    void showsTheClustersFactsAndCharts() throws Exception {
        String page = page(DemoUser.ADA, CLUSTER_01).body();
        assertThat(page).contains("<h1>Cluster cluster-01</h1>");
        assertThat(Html.element(page, "facts")).contains("<dd>fleet</dd>").contains("OK, last 2026-11-21 12:00 UTC")
                .contains("<dd id=\"gpu-models\">NVIDIA H100 80GB HBM3 × 3 <span class=\"muted\">(NVIDIA)</span>, "
                        + "AMD Instinct MI300X OAM × 1 <span class=\"muted\">(AMD)</span></dd>")
                .contains("Slices <span class=\"muted\">(MIG instances and AMD partitions)</span>");
        assertThat(Html.element(page, "managed-cluster")).contains("<dd>OpenShift 4.16.12</dd>")
                .contains("<dd>&lt;b&gt;BareMetal&lt;/b&gt;</dd>").contains("<dd>128 / –</dd>")
                .contains("region=mghpcc");
        assertThat(page(DemoUser.ADA, "/pages/clusters/" + Fixture.CLUSTER_02).body())
                .doesNotContain("id=\"managed-cluster\"");
        assertThat(Html.element(page, "sync-message")).as("what the source's last cycle said, escaped")
                .endsWith(">2 GPUs or MIG instances publish no DCGM_FI_DEV_FB_FREE (a customised "
                        + "&lt;b&gt;dcgm-exporter&lt;/b&gt; counter list): found by their other DCGM fields, free memory "
                        + "unknown");
        assertThat(Html.element(page, "node-count")).endsWith(">3");
        assertThat(Html.element(page, "gpu-count")).endsWith(">4");
        assertThat(Html.element(page, "slice-count")).endsWith(">10");
        assertThat(page).contains("<div class=\"chart\" data-chart=\"cluster-utilization\" data-subject=\"cluster\" "
                + "data-subject-value=\"10\">")
                .contains("<div class=\"chart\" data-chart=\"cluster-power\" data-subject=\"cluster\" "
                        + "data-subject-value=\"10\">")
                .contains("<select name=\"range\">");
    }

    @Test
    void listsTheClustersNodesWithBusyAndIdleGpusAndHealth() throws Exception {
        String nodes = Html.element(page(DemoUser.ADA, CLUSTER_01).body(), "nodes");
        assertThat(Html.count(nodes, "<tr><td><a href=\"/pages/nodes/")).isEqualTo(3);
        // worker-amd-0001: an AMD GPU whose partitions are busy; worker-gpu-0001: one GPU at 87 %, one at 12 %;
        // worker-gpu-0002: a MIG GPU whose slices are busy.
        assertThat(nodes).containsSubsequence("<a href=\"/pages/nodes/103\">worker-amd-0001</a>",
                "<td>AMD Instinct MI300X OAM</td>",
                "<td class=\"num\">1</td><td class=\"num\">1</td><td class=\"num\">0</td>",
                "<a href=\"/pages/nodes/101\">worker-gpu-0001</a>",
                "<td class=\"num\">2</td><td class=\"num\">2</td><td class=\"num\">0</td>",
                "verdict verdict-DEGRADED", "<a href=\"/pages/nodes/102\">worker-gpu-0002</a>",
                "<td class=\"num\">1</td><td class=\"num\">1</td><td class=\"num\">0</td>", "verdict verdict-HEALTHY");
        assertThat(nodes).doesNotContain("/pages/nodes/201");
        assertThat(Html.element(page(DemoUser.MARGARET, "/pages/clusters/" + Fixture.CLUSTER_02).body(), "nodes"))
                .contains("<a href=\"/pages/nodes/201\">worker-gpu-0001</a>").doesNotContain("/pages/nodes/101");
    }

    @Test
    void isLinkedFromTheFleetOverviewWhichCountsBusyAndIdleGpusAlike() throws Exception {
        String clusters = Html.element(page(DemoUser.ADA, "/pages/fleet").body(), "clusters");
        assertThat(clusters).containsSubsequence("<a href=\"/pages/clusters/10\">cluster-01</a>",
                "<td class=\"num\">4</td><td class=\"num\">4</td><td class=\"num\">0</td>");
        assertThat(Html.element(page(DemoUser.ADA, "/pages/fleet").body(), "gpu-models")).containsSubsequence(
                "<td>NVIDIA</td><td>NVIDIA A100-SXM4-80GB</td><td class=\"num\">1</td>",
                "<td>NVIDIA</td><td>NVIDIA H100 80GB HBM3</td><td class=\"num\">3</td>",
                "<td>AMD</td><td>AMD Instinct MI300X OAM</td><td class=\"num\">1</td>");
    }

    @Test
    void theFleetOverviewShowsWhatAMetricSourceSaidEvenWithoutACluster() throws Exception {
        String notices = Html.element(page(DemoUser.ADA, "/pages/fleet").body(), "source-notices");
        assertThat(notices).contains("<strong>fleet</strong> (OK, 2026-11-21 12:00 UTC): 2 GPUs or MIG instances "
                + "publish no DCGM_FI_DEV_FB_FREE (a customised &lt;b&gt;dcgm-exporter&lt;/b&gt; counter list)");
    }

    @Test
    void searchesNodeNamesLiterallyAndEscapesTheSearch() throws Exception {
        String found = Html.element(page(DemoUser.GRACE, CLUSTER_01 + "?q=0002").body(), "nodes");
        assertThat(found).contains("/pages/nodes/102").doesNotContain("/pages/nodes/101");
        String wildcard = Html.element(page(DemoUser.GRACE, CLUSTER_01 + "?q=%25").body(), "nodes");
        assertThat(wildcard).doesNotContain("/pages/nodes/").contains("No node name contains “%”.");
        String markup = page(DemoUser.GRACE, CLUSTER_01 + "?q=%3Cb%3Ex").body();
        assertThat(markup).contains("value=\"&lt;b&gt;x\"").doesNotContain("<b>x");
    }

    @Test
    void pagesTheNodeTableKeepingTheSearch() throws Exception {
        String first = page(DemoUser.ADA, CLUSTER_01 + "?q=worker").body();
        assertThat(Html.element(first, "nodes")).contains("/pages/nodes/101").contains("/pages/nodes/102");
        assertThat(first).contains("Page 1 of 1 · 3 in all").doesNotContain("rel=\"next\"")
                .doesNotContain("rel=\"prev\"");
        String beyond = page(DemoUser.ADA, CLUSTER_01 + "?q=worker&page=2").body();
        assertThat(Html.element(beyond, "nodes")).doesNotContain("/pages/nodes/");
        assertThat(beyond).contains("<a rel=\"prev\" href=\"/pages/clusters/10?q=worker&amp;page=1\">");
    }

    @Test
    void refusesAPageNumberThatIsNoNumberWithAnHtmlPage() throws Exception {
        HttpResponse<String> refused = page(DemoUser.ADA, CLUSTER_01 + "?page=first");
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(Html.element(refused.body(), "problem"))
                .contains("The parameter &#39;page&#39; must be a whole number");
    }

    @Test
    void anUnknownClusterIsANotFoundPage() throws Exception {
        for (String id : new String[] {"999999", "cluster-01", "0"}) {
            HttpResponse<String> missing = page(DemoUser.ADA, "/pages/clusters/" + id);
            assertThat(missing.statusCode()).isEqualTo(404);
            assertThat(missing.body()).contains("<h1>Not found</h1>");
            assertThat(Html.element(missing.body(), "problem")).contains("There is no cluster &#39;" + id + "&#39;");
        }
    }
}
