package org.aitelemetry.site.vm;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Tuple;
import java.net.http.HttpResponse;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.Html;
import org.aitelemetry.site.support.SitePageTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * The virtual machine pages and the project page's VMs, scoped as the API: a member sees its projects' VMs, an admin
 * all, and every page says that a VM's hours are allocation-based.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class VirtualMachinePageTest extends SitePageTest {

    /** An hour of cluster-02/nlp-001 in which a VM held two of its three GPUs; removed after the test that adds it. */
    private static final String CURRENT_HOUR_WITH_A_VM = """
            INSERT INTO usage_rollup (id, entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated,
                                      gpu_seconds_used, idle_gpu_seconds, utilization_avg, energy_joules, cost,
                                      unmetered_gpu_seconds)
            VALUES ($1, 'PROJECT', $2, date_trunc('hour', now()), $3, 10800, 2880, 0, 80, 1440000, 7.50, 7200)""";
    private static final long CURRENT_HOUR_ROW = 990201;
    /** Fifty more VMs of cluster-01/vision-002, beside its one: more than a project page shows. */
    private static final String FIFTY_MORE = """
            INSERT INTO virtual_machine (id, cluster_id, project_id, name, launcher_pod, gpu_resource, gpu_model, gpus,
                                         first_seen_at)
            SELECT 990300 + n, $1, $2, 'vision-extra-' || n, 'virt-launcher-vision-extra-' || n,
                   'nvidia.com/GH100_H100_SXM5_80GB', 'NVIDIA H100 80GB HBM3', 1, now()
            FROM generate_series(1, 50) AS n""";

    @Test
    void theListShowsTheCallersProjectsVirtualMachinesOnly() throws Exception {
        String page = page(DemoUser.ADA, "/pages/virtual-machines").body();
        String own = Html.element(page, "virtual-machines");
        String all = Html.element(page(DemoUser.MARGARET, "/pages/virtual-machines").body(), "virtual-machines");

        assertThat(page).contains("<a href=\"/pages/virtual-machines\" aria-current=\"page\">Virtual machines</a>");
        assertThat(Html.element(page, "usage-basis")).contains("allocation-based").contains("never utilisation");
        assertThat(own).contains("<a href=\"/pages/virtual-machines/" + VirtualMachineFixture.OWN_VM
                        + "\">nlp-jupyter-vm</a>")
                .contains("<a href=\"/pages/virtual-machines/" + VirtualMachineFixture.OWN_UNCATALOGUED_VM + "\">")
                .contains("<a href=\"/pages/projects/" + Fixture.OWN_PROJECT + "\">cluster-01/nlp-001</a>")
                .contains("<td>GA102GL_A10</td>").contains("<td>Scheduling</td>")
                .doesNotContain("vision-win-vm").doesNotContain("nlp-batch-vm");
        assertThat(Html.count(all, "href=\"/pages/virtual-machines/")).isEqualTo(4);
        assertThat(all).contains("cluster-02/nlp-001").contains("vision-win-vm");
    }

    @Test
    void theListSearchesByNameOrNamespacePrefix() throws Exception {
        String vision = Html.element(page(DemoUser.MARGARET, "/pages/virtual-machines?q=vision").body(),
                "virtual-machines");
        String jupyter = Html.element(page(DemoUser.ADA, "/pages/virtual-machines?q=NLP-J").body(),
                "virtual-machines");
        String none = Html.element(page(DemoUser.ADA, "/pages/virtual-machines?q=vision").body(), "virtual-machines");

        assertThat(Html.count(vision, "href=\"/pages/virtual-machines/")).isEqualTo(1);
        assertThat(vision).contains("vision-win-vm");
        assertThat(Html.count(jupyter, "href=\"/pages/virtual-machines/")).isEqualTo(1);
        assertThat(jupyter).contains("nlp-jupyter-vm");
        assertThat(none).contains("No virtual machine with GPUs matches.");
    }

    @Test
    void aVirtualMachinesPageShowsItsFactsAndItsLastThirtyDaysAsAllocationBased() throws Exception {
        String page = page(DemoUser.ADA, "/pages/virtual-machines/" + VirtualMachineFixture.OWN_VM).body();

        assertThat(page).contains("<h1>Virtual machine cluster-01/nlp-001/nlp-jupyter-vm</h1>");
        assertThat(Html.element(page, "facts"))
                .contains("<a href=\"/pages/projects/" + Fixture.OWN_PROJECT + "\">cluster-01/nlp-001</a>")
                .contains("<a href=\"/pages/clusters/" + Fixture.CLUSTER_01 + "\">cluster-01</a>")
                .contains("<dd id=\"launcher-pod\">virt-launcher-nlp-jupyter-vm-x7k2p</dd>")
                .contains("<dd id=\"gpus\">2 × NVIDIA H100 80GB HBM3</dd>")
                .contains("<code>nvidia.com/GH100_H100_SXM5_80GB</code>")
                .contains("<dd id=\"phase\">running</dd>").contains("<dd>u1.2xlarge</dd>");
        assertThat(Html.element(page, "gpu-hours-allocated")).endsWith(">6.0");
        assertThat(Html.element(page, "cost")).endsWith(">24.00");
        assertThat(page).contains("cost (CHF)");
        assertThat(Html.element(page, "usage-basis")).contains("Allocation-based")
                .contains("never its utilisation");
    }

    @Test
    void aVirtualMachineWithoutKubeVirtsMetricsSaysSo() throws Exception {
        String page = page(DemoUser.MARGARET, "/pages/virtual-machines/" + VirtualMachineFixture.OTHER_VM).body();

        assertThat(Html.element(page, "phase")).contains("unknown: KubeVirt's metrics do not name this VM");
        assertThat(Html.element(page, "gpu-hours-allocated")).endsWith(">1.0");
    }

    @Test
    void anotherProjectsOrAnUnknownVirtualMachineIsANotFoundPage() throws Exception {
        for (String id : new String[] {String.valueOf(VirtualMachineFixture.OTHER_VM),
            String.valueOf(VirtualMachineFixture.TWIN_VM), "999999", "-1", "nlp-jupyter-vm"}) {
            HttpResponse<String> missing = page(DemoUser.ADA, "/pages/virtual-machines/" + id);
            assertThat(missing.statusCode()).as(id).isEqualTo(404);
            assertThat(Html.element(missing.body(), "problem"))
                    .contains("There is no virtual machine &#39;" + id + "&#39;");
        }
    }

    @Test
    void aProjectPageListsItsVirtualMachines() throws Exception {
        String own = Html.element(page(DemoUser.ADA, "/pages/projects/" + Fixture.OWN_PROJECT).body(),
                "virtual-machines");
        String other = Html.element(page(DemoUser.MARGARET, "/pages/projects/" + Fixture.OTHER_PROJECT).body(),
                "virtual-machines");

        assertThat(own).contains("<a href=\"/pages/virtual-machines/" + VirtualMachineFixture.OWN_VM
                        + "\">nlp-jupyter-vm</a>")
                .contains("<a href=\"/pages/virtual-machines/" + VirtualMachineFixture.OWN_UNCATALOGUED_VM
                        + "\">nlp-a10-vm</a>")
                .doesNotContain("vision-win-vm").doesNotContain("nlp-batch-vm");
        assertThat(Html.count(other, "href=\"/pages/virtual-machines/")).isEqualTo(1);
        assertThat(other).contains("vision-win-vm");
    }

    @Test
    void aProjectPageWithMoreVirtualMachinesThanItShowsLeadsToTheList() throws Exception {
        pool.preparedQuery(FIFTY_MORE).execute(Tuple.of(Fixture.CLUSTER_01, Fixture.OTHER_PROJECT)).await()
                .indefinitely();
        try {
            String page = page(DemoUser.MARGARET, "/pages/projects/" + Fixture.OTHER_PROJECT).body();

            assertThat(Html.count(Html.element(page, "virtual-machines"), "href=\"/pages/virtual-machines/"))
                    .isEqualTo(50);
            assertThat(Html.element(page, "more-virtual-machines")).contains("50 of 51 shown")
                    .contains("<a href=\"/pages/virtual-machines?q=vision-002\">");
        } finally {
            pool.query("DELETE FROM virtual_machine WHERE id > 990300").execute().await().indefinitely();
        }
        String own = page(DemoUser.ADA, "/pages/projects/" + Fixture.OWN_PROJECT).body();
        assertThat(own).doesNotContain("id=\"more-virtual-machines\"");
    }

    @Test
    void aProjectPageCountsTheHoursOfItsVirtualMachinesApart() throws Exception {
        String without = page(DemoUser.ADA, "/pages/projects/" + Fixture.OWN_PROJECT + "?window=24h").body();
        pool.preparedQuery(CURRENT_HOUR_WITH_A_VM).execute(Tuple.of(CURRENT_HOUR_ROW, Fixture.TWIN_PROJECT,
                Fixture.CLUSTER_02)).await().indefinitely();
        try {
            String with = page(DemoUser.MARGARET, "/pages/projects/" + Fixture.TWIN_PROJECT + "?window=24h").body();

            assertThat(Html.element(with, "gpu-hours-allocated")).endsWith(">3.0");
            assertThat(Html.element(with, "unmetered-gpu-hours")).endsWith(">2.0");
            assertThat(Html.element(with, "efficiency")).endsWith(">80 %");
            assertThat(with).contains("efficiency (used / allocated, VMs aside)");
            assertThat(Html.element(with, "virtual-machines")).contains("nlp-batch-vm");
        } finally {
            pool.preparedQuery("DELETE FROM usage_rollup WHERE id = $1").execute(Tuple.of(CURRENT_HOUR_ROW))
                    .await().indefinitely();
        }
        assertThat(without).doesNotContain("id=\"unmetered-gpu-hours\"")
                .contains("efficiency (used / allocated)<");
    }
}
