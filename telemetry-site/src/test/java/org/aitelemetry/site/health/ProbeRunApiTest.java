package org.aitelemetry.site.health;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/** Probe runs: newest first, filters, paging, one run with its results, and the NGSI-LD representation. */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class ProbeRunApiTest extends SiteApiTest {

    private static final String RUNS = "/api/v1/probe-runs";

    @Test
    void listsRunsNewestFirstWithTheirNodes() {
        Api.as(researcher).get(RUNS).then().statusCode(200)
                .body("items.runId", contains(Fixture.RUN_FAILED, Fixture.RUN_HEALTHY, HealthFixture.RUN_DEGRADED,
                        HealthFixture.RUN_UNKNOWN_NODE, HealthFixture.RUN_NO_GPU))
                .body("items[0].cluster", equalTo("cluster-01"))
                .body("items[0].node", equalTo("worker-gpu-0001"))
                .body("items[0].requestId", equalTo(Fixture.OWN_HEALTH_CHECK))
                .body("items[0].verdict", equalTo("FAILED"))
                .body("items[0]", not(hasKey("results")))
                .body("page.totalItems", equalTo(5));
    }

    @Test
    void aRunFromAnUnknownHostHasNoClusterOrNode() {
        Api.as(researcher).get(RUNS).then().statusCode(200)
                .body("items.find { it.runId == '" + HealthFixture.RUN_UNKNOWN_NODE + "' }.cluster", nullValue())
                .body("items.find { it.runId == '" + HealthFixture.RUN_UNKNOWN_NODE + "' }.node", nullValue())
                .body("items.find { it.runId == '" + HealthFixture.RUN_UNKNOWN_NODE + "' }.hostname",
                        equalTo("new-gpu-host"));
    }

    @Test
    void filtersByClusterNodeVerdictAndStartTime() {
        Api.as(researcher).queryParam("cluster", "cluster-01").get(RUNS).then().statusCode(200)
                .body("items.runId", contains(Fixture.RUN_FAILED, Fixture.RUN_HEALTHY, HealthFixture.RUN_DEGRADED));
        Api.as(researcher).queryParam("cluster", "cluster-01").queryParam("node", "worker-gpu-0001").get(RUNS)
                .then().statusCode(200).body("items.runId", contains(Fixture.RUN_FAILED, HealthFixture.RUN_DEGRADED));
        Api.as(researcher).queryParam("verdict", "NO_GPU").get(RUNS).then().statusCode(200)
                .body("items.runId", contains(HealthFixture.RUN_NO_GPU))
                .body("items[0].cluster", equalTo("cluster-02"))
                .body("items[0].exitCode", equalTo(3));
        Api.as(researcher).queryParam("from", "2026-11-20T10:58:00Z").queryParam("to", "2026-11-21T10:58:00Z")
                .get(RUNS).then().statusCode(200).body("items.runId", contains(Fixture.RUN_HEALTHY));
    }

    @Test
    void sortsOldestFirstAndPages() {
        Api.as(researcher).queryParam("sort", "startedAt").queryParam("size", 2).queryParam("page", 1).get(RUNS)
                .then().statusCode(200)
                .body("items.runId", contains(HealthFixture.RUN_DEGRADED, Fixture.RUN_HEALTHY))
                .body("page.totalPages", equalTo(3));
    }

    @Test
    void refusesBadFilters() {
        Api.malformedAs(researcher).queryParam("verdict", "BROKEN").get(RUNS).then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
        Api.malformedAs(researcher).queryParam("from", "yesterday").get(RUNS).then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
        Api.malformedAs(researcher).queryParam("sort", "verdict").get(RUNS).then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }

    @Test
    void getsOneRunWithItsResults() {
        Api.as(researcher).get(RUNS + "/" + Fixture.RUN_FAILED).then().statusCode(200)
                .body("runId", equalTo(Fixture.RUN_FAILED))
                .body("verdict", equalTo("FAILED"))
                .body("results.gpuUuid", contains(Fixture.DEVICE_HEALTHY, Fixture.DEVICE_FAILED))
                .body("results[1].verdict", equalTo("FAILED"))
                .body("results[1].reasons", contains("gemm_bf16 at 61% of the baseline"))
                .body("results[1].tests.gemm_bf16.status", equalTo("failed"))
                .body("results[1].tests.gemm_bf16.ratio", equalTo(0.61f))
                .body("results[0].reasons.size()", equalTo(0));
        Api.as(researcher).get(RUNS + "/" + HealthFixture.RUN_NO_GPU).then().statusCode(200)
                .body("results.size()", equalTo(0));
    }

    @Test
    void answers404ForAnUnknownRunAnd400ForABadId() {
        Api.as(researcher).get(RUNS + "/5c0f1a2e-0000-4000-8000-00000000ffff").then().statusCode(404)
                .body("code", equalTo("not-found"));
        Api.malformedAs(researcher).get(RUNS + "/not-a-uuid").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }

    @Test
    void isAvailableAsNgsiLd() {
        Api.as(researcher).accept("application/ld+json").get(RUNS + "/" + Fixture.RUN_FAILED).then().statusCode(200)
                .contentType("application/ld+json")
                .body("id", equalTo("urn:ngsi-ld:ProbeRun:" + Fixture.RUN_FAILED))
                .body("type", equalTo("ProbeRun"))
                .body("node.object", equalTo("urn:ngsi-ld:AiNode:cluster-01:worker-gpu-0001"))
                .body("cluster.object", equalTo("urn:ngsi-ld:AiCluster:cluster-01"))
                .body("verdict.value", equalTo("FAILED"))
                .body("startedAt.value.'@value'", equalTo("2026-11-21T10:58:00Z"))
                .body("results.value.gpuUuid", contains(Fixture.DEVICE_HEALTHY, Fixture.DEVICE_FAILED));
        Api.as(researcher).accept("application/ld+json").queryParam("verdict", "HEALTHY").get(RUNS).then()
                .statusCode(200).header("X-Total-Count", "2")
                .body("id", containsInAnyOrder("urn:ngsi-ld:ProbeRun:" + Fixture.RUN_HEALTHY,
                        "urn:ngsi-ld:ProbeRun:" + HealthFixture.RUN_UNKNOWN_NODE))
                .body("find { it.id.endsWith('" + HealthFixture.RUN_UNKNOWN_NODE + "') }", not(hasKey("node")));
    }

    @Test
    void theContextDocumentsTheTerms() {
        Api.anonymous().get("/api/v1/ngsi-ld/context.jsonld").then().statusCode(200)
                .body("vocabulary", hasKey("hostname"))
                .body("vocabulary.keySet()", hasItem("results"));
    }
}
