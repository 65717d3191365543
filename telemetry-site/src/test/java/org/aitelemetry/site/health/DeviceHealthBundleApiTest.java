package org.aitelemetry.site.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.both;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * The ticket-ready evidence bundle: every part of it as JSON, the same as Markdown by Accept with every probe string
 * inert, and 404 for a GPU not in the inventory.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class DeviceHealthBundleApiTest extends SiteApiTest {

    private static final String BUNDLE = "/api/v1/devices/" + Fixture.DEVICE_FAILED + "/health/bundle";

    @Test
    void holdsEverythingATicketNeedsAsJson() {
        Api.as(researcher).get(BUNDLE).then().statusCode(200).contentType(startsWith("application/json"))
                .body("gpu.uuid", equalTo(Fixture.DEVICE_FAILED)).body("gpu.serial", equalTo("1650123000002"))
                .body("gpu.product", equalTo("NVIDIA H100 80GB HBM3")).body("gpu.cluster", equalTo("cluster-01"))
                .body("gpu.node", equalTo("worker-gpu-0001")).body("gpu.index", equalTo(1))
                .body("health.verdict", equalTo("FAILED"))
                .body("health.evidence.kind", contains("hardware_xid", "below_baseline"))
                .body("health.advice.action", contains("drain_reboot", "rma"))
                .body("latestRun.runId", equalTo(Fixture.RUN_FAILED))
                .body("latestRun.tests.gemm_bf16.value", equalTo(484.3f))
                .body("nvml", hasKey("nvml_xid")).body("nvml", hasKey("nvml_temperature"))
                .body("nvml", not(hasKey("gemm_bf16")))
                .body("xids.runId", contains(Fixture.RUN_FAILED)).body("xids[0].xid.value", equalTo(79))
                .body("siblings.uuid", contains(Fixture.DEVICE_HEALTHY))
                .body("siblings[0].values.gemm_bf16", equalTo(790.1f))
                .body("fleet.test", contains("gemm_bf16")).body("fleet[0].median", equalTo(780.0f))
                .body("fleet[0].value", equalTo(484.3f))
                .body("fleet[0].ratio", both(greaterThan(0.620f)).and(lessThan(0.622f)))
                .body("runs.runId", contains(Fixture.RUN_FAILED))
                .body("runs[0].evidence", contains("XID 79: the GPU fell off the bus",
                        "gemm_bf16 at 61% of the baseline"))
                .body("board.board", equalTo("1650123000002"))
                .body("board.failures.gpuUuid", contains(Fixture.DEVICE_FAILED, Fixture.DEVICE_FAILED))
                .body("board.failures.cluster", contains("cluster-01", "cluster-02"))
                .body("board.failuresLast30Days", equalTo(2)).body("board.repeatOffender", equalTo(true));
    }

    @Test
    void isATicketBodyInMarkdownWithNothingInjected() {
        String markdown = Api.as(researcher).accept("text/markdown").get(BUNDLE).then().statusCode(200)
                .contentType(startsWith("text/markdown")).extract().asString();
        assertThat(markdown).startsWith("# GPU health evidence: " + Fixture.DEVICE_FAILED)
                .contains("## Verdict: FAILED", "Recovery: 1 of 3 clean runs.",
                        "| hard | hardware\\_xid | nvml\\_xid | XID 79\\: the GPU fell off the bus |",
                        "| drain\\_reboot | Drain the node and reboot it. | hardware\\_xid |",
                        "## NVML snapshot", "## XID history", "## Siblings in the latest run",
                        "| gemm\\_bf16 | 780.0 | 12.0 | 40 |", "**repeat offender**")
                .doesNotContain("<script", "](https", "| [click]")
                .contains("&lt;script&gt;alert\\(1\\)&lt;/script&gt; \\| \\[click\\]\\(https\\://evil.example\\)"
                        + " www\\.evil.example");
    }

    @Test
    void answers404ForAGpuNotInTheInventory() {
        Api.as(researcher).get("/api/v1/devices/GPU-ffffffff-0000-0000-0000-000000000000/health/bundle").then()
                .statusCode(404).body("code", equalTo("not-found"));
    }
}
