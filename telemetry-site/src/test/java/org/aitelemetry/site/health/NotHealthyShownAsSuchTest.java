package org.aitelemetry.site.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Html;
import org.aitelemetry.site.support.SitePageTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What is not healthy is never shown as healthy: a FAILED node whose taint the blast-radius limit held back says so,
 * with why, in the API and on the health page; an INCONCLUSIVE GPU is listed, filtered and explained as such.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class NotHealthyShownAsSuchTest extends SitePageTest {

    private static final long HELD_NODE = 6201;
    private static final String INCONCLUSIVE_GPU = "GPU-0000dddd-0000-0000-0000-000000000001";
    private static final String HELD_REASON = "blast-radius limit: 10 % of cluster-02's GPU nodes already tainted";

    @BeforeEach
    void seed() {
        unseed();
        pool.query("""
                INSERT INTO ai_node (id, cluster_id, name, gpu_count, gpu_product, labels, health, health_reason,
                                     health_at, last_seen_at, taint_state, taint_reason, taint_changed_at)
                VALUES (6201, 20, 'worker-gpu-6201', 1, 'NVIDIA A100-SXM4-80GB', '{}', 'FAILED', 'XID 79', now(),
                        now(), 'HELD', '%s', '2026-11-24T10:00:00Z');
                INSERT INTO gpu_device (id, uuid, node_id, gpu_id, gpu_index, mig_enabled, health, health_reason,
                                        health_at, last_seen_at, health_evidence, health_advice)
                VALUES (6202, '%s', 6201, 2, 0, false, 'INCONCLUSIVE', 'out of memory: another job holds the GPU',
                        now(), now(),
                        '[{"kind": "probe_error", "severity": "inconclusive", "test": "gemm_bf16",
                           "summary": "gemm_bf16: out of memory", "details": {}}]',
                        '[{"action": "rerun", "summary": "A re-run is scheduled.", "because": ["probe_error"]}]')"""
                .formatted(HELD_REASON.replace("'", "''"), INCONCLUSIVE_GPU)).execute().await().indefinitely();
    }

    @AfterEach
    void unseed() {
        pool.query("DELETE FROM gpu_device WHERE id = 6202; DELETE FROM ai_node WHERE id = 6201").execute().await()
                .indefinitely();
    }

    @Test
    void theApiNamesHeldTaintsAndInconclusiveGpus() {
        Api.as(researcher).queryParam("health", "FAILED").queryParam("taintState", "HELD").get("/api/v1/nodes")
                .then().statusCode(200).body("items.id", contains((int) HELD_NODE))
                .body("items[0].taintReason", equalTo(HELD_REASON))
                .body("items[0].taintChangedAt", equalTo("2026-11-24T10:00:00Z"));
        Api.as(researcher).queryParam("taintState", "DRY_RUN").get("/api/v1/nodes").then().statusCode(200)
                .body("items.size()", equalTo(0));
        Api.as(researcher).queryParam("health", "INCONCLUSIVE").get("/api/v1/devices").then().statusCode(200)
                .body("items.uuid", contains(INCONCLUSIVE_GPU));
        Api.as(researcher).queryParam("health", "UNSCORED").get("/api/v1/devices").then().statusCode(200)
                .body("items.size()", equalTo(0));
        Api.malformedAs(researcher).queryParam("taintState", "MAYBE").get("/api/v1/nodes").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }

    @Test
    void theHealthPageShowsThemWithWhy() throws Exception {
        String page = page(DemoUser.ADA, "/pages/health").body();
        assertThat(Html.element(page, "untainted")).contains("cluster-02/worker-gpu-6201", "HELD",
                "blast-radius limit: 10 % of cluster-02&#39;s GPU nodes already tainted");
        assertThat(Html.element(page, "unhealthy")).contains(INCONCLUSIVE_GPU, "verdict-INCONCLUSIVE",
                "a re-run is scheduled", "gemm_bf16: out of memory", "<strong>rerun</strong>",
                "/pages/devices/" + INCONCLUSIVE_GPU + "/bundle.md");
        assertThat(Html.element(page(DemoUser.ADA, "/pages/nodes/" + HELD_NODE).body(), "node-taint"))
                .contains("HELD", "the blast-radius limit held the taint back");
    }
}
