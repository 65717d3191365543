package org.aitelemetry.site.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.http.HttpResponse;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.Html;
import org.aitelemetry.site.support.SitePageTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/** The node page: facts and labels, the GPU grid with readings and verdicts, and not found as a page (not the API). */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class NodePageTest extends SitePageTest {

    @Test
    void showsTheNodesClusterSoftwareVerdictAndLabels() throws Exception {
        String page = page(DemoUser.ADA, "/pages/nodes/" + Fixture.NODE_HEALTHY).body();
        assertThat(page).contains("<h1>Node cluster-01/worker-gpu-0001</h1>");
        assertThat(Html.element(page, "facts")).contains("<a href=\"/pages/clusters/10\">cluster-01</a>")
                .contains("<dd>2 × NVIDIA H100 80GB HBM3</dd>").contains("<dd>5.14.0</dd>")
                .contains("<dd>RHCOS 4.16</dd>");
        assertThat(Html.element(page, "driver")).endsWith(">550.54.15");
        assertThat(Html.element(page, "cuda")).endsWith(">12.4");
        assertThat(Html.element(page, "node-verdict")).contains("verdict verdict-DEGRADED\">DEGRADED")
                .contains("failed gemm_bf16").contains("2026-11-21 11:00 UTC");
        assertThat(Html.element(page, "labels"))
                .contains("<td>nvidia.com/gpu.product</td><td>NVIDIA-H100-80GB-HBM3</td>");
    }

    @Test
    void showsACardPerGpuWithReadingsAndVerdict() throws Exception {
        String gpus = Html.element(page(DemoUser.ADA, "/pages/nodes/" + Fixture.NODE_HEALTHY).body(), "gpus");
        assertThat(Html.count(gpus, "<article class=\"card gpu\">")).isEqualTo(2);
        assertThat(gpus).containsSubsequence(
                "GPU 0 · <span class=\"verdict verdict-HEALTHY\" title=\"Every scored test", "\">HEALTHY</span>",
                "<a href=\"/pages/devices/" + Fixture.DEVICE_HEALTHY + "\">", "<dd>87 %</dd>",
                "<dd>61000 / 81559 MiB</dd>", "<dd>612 W</dd>", "<dd>64 °C</dd>", "<dd>MIG off</dd>",
                "GPU 1 · <span class=\"verdict verdict-FAILED\" title=\"Hard evidence", "\">FAILED</span>",
                "<a href=\"/pages/devices/" + Fixture.DEVICE_FAILED + "\">", "<dd>12 %</dd>",
                "gemm_bf16 at 61% of the baseline");
    }

    @Test
    void countsTheMigSlicesOfAMigGpu() throws Exception {
        String gpus = Html.element(page(DemoUser.ADA, "/pages/nodes/" + Fixture.NODE_DEGRADED).body(), "gpus");
        assertThat(gpus).contains("<a href=\"/pages/devices/" + Fixture.DEVICE_MIG + "\">")
                .contains("<dt>Utilization</dt><dd>–</dd>").contains("<dt>MIG slices</dt><dd>2</dd>");
    }

    @Test
    void anUnknownNodeIsANotFoundPageWhileTheApiKeepsItsProblemDocument() throws Exception {
        HttpResponse<String> missing = page(DemoUser.MARGARET, "/pages/nodes/999999");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(Html.element(missing.body(), "problem")).contains("There is no node &#39;999999&#39;");
        assertThat(page(DemoUser.MARGARET, "/pages/nodes/worker-gpu-0001").statusCode()).isEqualTo(404);
        Api.as(admin).get("/api/v1/nodes/999999").then().statusCode(404)
                .contentType("application/problem+json");
    }
}
