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

/**
 * The GPU page: facts, readings and charts; probe tests against baselines and verdicts newest first; usage sessions
 * of the caller's projects only (never another project's on the same GPU, nor the same namespace on another
 * cluster); MIG slices with their holders as the API shows them.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class DevicePageTest extends SitePageTest {

    private static final String HEALTHY = "/pages/devices/" + Fixture.DEVICE_HEALTHY;
    private static final String MIG = "/pages/devices/" + Fixture.DEVICE_MIG;
    private static final String OTHER_CLUSTER = "/pages/devices/" + Fixture.DEVICE_OTHER_CLUSTER;
    private static final String AMD = "/pages/devices/" + Fixture.DEVICE_AMD;

    @Test
    void showsTheGpusFactsReadingsAndCharts() throws Exception {
        String page = page(DemoUser.ADA, HEALTHY).body();
        assertThat(Html.element(page, "facts")).contains("<a href=\"/pages/nodes/101\">worker-gpu-0001</a>, GPU 0")
                .contains("<a href=\"/pages/clusters/10\">cluster-01</a>").contains("<dd id=\"model\">NVIDIA H100 80GB HBM3 <span class=\"muted\">(NVIDIA)</span></dd>")
                .contains("<dd>1650123000001</dd>").contains("<dd>00000000:1A:00.0</dd>").contains("<dd>disabled</dd>");
        assertThat(Html.element(page, "verdict")).contains("verdict verdict-HEALTHY\">HEALTHY");
        assertThat(Html.element(page, "readings")).contains("87 %").contains("61000 MiB").contains("612 W")
                .contains("64 °C").contains("34.3 kWh");
        for (String chart : new String[] {"device-utilization", "device-memory", "device-power", "device-temperature",
                "device-energy"}) {
            assertThat(page).contains("<div class=\"chart\" data-chart=\"" + chart
                    + "\" data-subject=\"device\" data-subject-value=\"" + Fixture.DEVICE_HEALTHY + "\">");
        }
    }

    @Test
    void showsAnAmdGpusVendorAndPartitionsWithTheirHoldersAsTheApiDoes() throws Exception {
        String page = page(DemoUser.ADA, AMD).body();
        assertThat(Html.element(page, "model")).contains("AMD Instinct MI300X OAM <span class=\"muted\">(AMD)");
        assertThat(Html.element(page, "partitioning")).endsWith(">8 partitions (cpx/nps4)");
        assertThat(page).contains("<h2>Partitions</h2>").doesNotContain("<h2>MIG slices</h2>")
                .contains("data-chart=\"device-power\" data-subject=\"device\" data-subject-value=\""
                        + Fixture.DEVICE_AMD + "\"");
        assertThat(Html.element(page, "slices")).containsSubsequence(
                "<a href=\"/pages/slices/" + Fixture.OWN_PARTITION + "\">Partition 0</a>", "cpx/nps4",
                "nlp-001", "nlp-rocm-0",
                "<a href=\"/pages/slices/" + Fixture.OTHER_PARTITION + "\">Partition 1</a>", "cpx/nps4")
                .doesNotContain("vision-rocm-0").doesNotContain("vision-002");
    }

    @Test
    void showsProbeTestsAgainstTheirBaselinesAndVerdictsNewestFirst() throws Exception {
        String page = page(DemoUser.ADA, HEALTHY).body();
        assertThat(Html.element(page, "probe-tests")).containsSubsequence("2026-11-21 11:00 UTC", "gemm_bf16",
                "790.1 TFLOP/s", "794.0", "0.995", "verdict verdict-passed\">passed",
                "2026-11-19 11:00 UTC", "memory_bandwidth", "2948.0 GB/s", "3350.0", "0.880",
                "verdict verdict-degraded\">degraded");
        assertThat(Html.element(page, "verdicts")).containsSubsequence("2026-11-21 11:00 UTC",
                "verdict verdict-HEALTHY", "2026-11-19 11:00 UTC", "verdict verdict-DEGRADED",
                "memory_bandwidth at 88% of the baseline");
    }

    @Test
    void listsTheResearchersOwnSessionsOnTheGpuWithTheirTraces() throws Exception {
        String sessions = Html.element(page(DemoUser.ADA, HEALTHY).body(), "sessions");
        assertThat(sessions).containsSubsequence("data-session=\"" + Fixture.OWN_SESSION + "\"", "nlp-train-worker-0",
                "data-session=\"7005\"", "nlp-eval-0",
                "<a class=\"trace\" href=\"https://tempo.example/trace/4af7651916cd43dd8448eb211c80319c\"",
                "data-session=\"5001\"", "nlp-debug-0");
        assertThat(sessions).contains("<a href=\"/pages/projects/501\">cluster-01/nlp-001</a>")
                .contains("0af7651916cd43dd8448eb211c80319c");
        assertThat(Html.count(sessions, "data-session=")).isEqualTo(3);
    }

    @Test
    void neverShowsAResearcherAnotherProjectsSessionOrSliceHolderOnTheSameGpu() throws Exception {
        String page = page(DemoUser.ADA, MIG).body();
        assertThat(Html.element(page, "sessions")).doesNotContain("data-session=")
                .contains("No usage session of your projects on this GPU.");
        assertThat(page).doesNotContain("vision-002").doesNotContain("vision-train-0")
                .doesNotContain("3af7651916cd43dd8448eb211c80319c");
        String forGrace = page(DemoUser.GRACE, MIG).body();
        assertThat(Html.element(forGrace, "sessions")).contains("data-session=\"7004\"").contains("vision-train-0")
                .contains("<a class=\"trace\" href=\"https://tempo.example/trace/3af7651916cd43dd8448eb211c80319c\"");
    }

    @Test
    void scopesSessionsByClusterNotJustNamespace() throws Exception {
        assertThat(Html.element(page(DemoUser.ADA, OTHER_CLUSTER).body(), "sessions")).doesNotContain("data-session=");
        String forAdmin = Html.element(page(DemoUser.MARGARET, OTHER_CLUSTER).body(), "sessions");
        assertThat(forAdmin).contains("data-session=\"" + Fixture.OTHER_SESSION + "\"")
                .contains("data-session=\"5002\"");
    }

    @Test
    void listsTheMigSlicesWithTheHolderOnlyForItsMembers() throws Exception {
        String page = page(DemoUser.ADA, MIG).body();
        assertThat(Html.element(page, "facts")).contains("enabled, 2 slices");
        assertThat(Html.element(page, "slices")).containsSubsequence(
                "<a href=\"/pages/slices/" + Fixture.OWN_SLICE + "\">GPU instance 1</a>", "42 %",
                "<a href=\"/pages/projects/501\">cluster-01/nlp-001</a>", "nlp-notebook-0",
                "<a href=\"/pages/slices/" + Fixture.OTHER_SLICE + "\">GPU instance 2</a>", "91 %", "<td>–</td>");
        assertThat(Html.element(page(DemoUser.MARGARET, MIG).body(), "slices"))
                .contains("<a href=\"/pages/projects/502\">cluster-01/vision-002</a>").contains("vision-train-0");
    }

    @Test
    void anUnknownGpuIsANotFoundPage() throws Exception {
        for (String uuid : new String[] {"GPU-ffffffff-0000-0000-0000-000000000000", "G".repeat(65)}) {
            HttpResponse<String> missing = page(DemoUser.ADA, "/pages/devices/" + uuid);
            assertThat(missing.statusCode()).isEqualTo(404);
            assertThat(Html.element(missing.body(), "problem")).contains("There is no GPU &#39;" + uuid + "&#39;");
        }
    }

    @Test
    void showsTheFailedGpusEvidenceAdviceAndBundle() throws Exception {
        String failed = "/pages/devices/" + Fixture.DEVICE_FAILED;
        String evidence = Html.element(page(DemoUser.ADA, failed).body(), "health-evidence");
        assertThat(evidence).contains("Recovery: 1 of 3 clean runs.", "hard", "hardware_xid",
                "XID 79: the GPU fell off the bus", "<strong>drain_reboot</strong>: Drain the node and reboot it.",
                "href=\"" + failed + "/bundle.md\"", "href=\"" + failed + "/bundle.json\"");

        HttpResponse<String> markdown = download(DemoUser.ADA, failed + "/bundle.md");
        assertThat(markdown.statusCode()).isEqualTo(200);
        assertThat(markdown.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/markdown"));
        assertThat(markdown.body()).startsWith("# GPU health evidence: ").doesNotContain("<script");
        HttpResponse<String> json = download(DemoUser.ADA, failed + "/bundle.json");
        assertThat(json.statusCode()).isEqualTo(200);
        assertThat(json.body()).contains("\"repeatOffender\":true");
        assertThat(download(DemoUser.ADA, "/pages/devices/GPU-ffffffff-0000-0000-0000-000000000000/bundle.md")
                .statusCode()).isEqualTo(404);
    }
}
