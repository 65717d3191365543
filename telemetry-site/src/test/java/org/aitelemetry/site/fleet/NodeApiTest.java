package org.aitelemetry.site.fleet;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/** Nodes: listing, filters by cluster, model, state and health, sorting, paging, by id, and NGSI-LD. */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class NodeApiTest extends SiteApiTest {

    @Test
    void listsNodesOfAllClustersSortedByName() {
        Api.as(researcher).get("/api/v1/nodes").then().statusCode(200)
                .body("items.id", contains((int) Fixture.NODE_AMD, (int) Fixture.NODE_HEALTHY,
                        (int) Fixture.NODE_OTHER_CLUSTER, (int) Fixture.NODE_DEGRADED))
                .body("items[1].cluster", equalTo("cluster-01"))
                .body("items[1].gpuCount", equalTo(2))
                .body("items[1].labels.'nvidia.com/gpu.product'", equalTo("NVIDIA-H100-80GB-HBM3"))
                .body("page.totalItems", equalTo(4));
    }

    @Test
    void filtersByClusterNameModelAndHealth() {
        Api.as(researcher).queryParam("cluster", "cluster-02").get("/api/v1/nodes").then().statusCode(200)
                .body("items.id", contains((int) Fixture.NODE_OTHER_CLUSTER));
        Api.as(researcher).queryParam("model", "NVIDIA H100 80GB HBM3").queryParam("health", "HEALTHY")
                .get("/api/v1/nodes").then().statusCode(200)
                .body("items.id", contains((int) Fixture.NODE_DEGRADED));
        Api.as(researcher).queryParam("state", "MISSING").get("/api/v1/nodes").then().statusCode(200)
                .body("items.size()", equalTo(0)).body("page.totalItems", equalTo(0));
    }

    @Test
    void sortsByHealthDescendingAndPages() {
        Api.as(researcher).queryParam("sort", "-health").queryParam("size", 1).queryParam("page", 2)
                .get("/api/v1/nodes").then().statusCode(200)
                .body("items.health", contains("HEALTHY"))
                .body("page.totalPages", equalTo(4));
    }

    @Test
    void refusesBadFiltersAndSorts() {
        Api.malformedAs(researcher).queryParam("health", "SICK").get("/api/v1/nodes").then().statusCode(400)
                .body("detail", startsWith("parameter 'health'"));
        Api.malformedAs(researcher).queryParam("sort", "gpuCount").get("/api/v1/nodes").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
        Api.malformedAs(researcher).queryParam("cluster", "c".repeat(254)).get("/api/v1/nodes").then()
                .statusCode(400).body("detail", startsWith("parameter 'cluster'"));
    }

    @Test
    void getsOneByIdAnd404sAnUnknownOne() {
        Api.as(researcher).get("/api/v1/nodes/" + Fixture.NODE_HEALTHY).then().statusCode(200)
                .body("name", equalTo("worker-gpu-0001"))
                .body("health", equalTo("DEGRADED"))
                .body("healthReason", startsWith("GPU-0000aaaa"))
                .body("driverVersion", equalTo("550.54.15"));
        Api.as(researcher).get("/api/v1/nodes/999999").then().statusCode(404).body("code", equalTo("not-found"));
        Api.malformedAs(researcher).get("/api/v1/nodes/0").then().statusCode(400);
    }

    @Test
    void isAvailableAsNgsiLdWithItsCluster() {
        Api.as(researcher).accept("application/ld+json").get("/api/v1/nodes/" + Fixture.NODE_OTHER_CLUSTER).then()
                .statusCode(200).contentType("application/ld+json")
                .body("id", equalTo("urn:ngsi-ld:AiNode:cluster-02:worker-gpu-0001"))
                .body("cluster.object", equalTo("urn:ngsi-ld:AiCluster:cluster-02"))
                .body("gpuCount.unitCode", equalTo("C62"))
                .body("'@context'", hasItem(startsWith("http")));
        Api.as(researcher).accept("application/ld+json").queryParam("cluster", "cluster-01").get("/api/v1/nodes")
                .then().statusCode(200).header("X-Total-Count", "3").body("type", contains("AiNode", "AiNode", "AiNode"));
    }
}
