package org.aitelemetry.site.fleet;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/** Clusters: listing, filtering, sorting, paging limits, by id, and the NGSI-LD representation. */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class ClusterApiTest extends SiteApiTest {

    @Test
    void listsClustersSortedByNameWithTheirCounts() {
        Api.as(researcher).get("/api/v1/clusters").then().statusCode(200)
                .body("items.name", contains("cluster-01", "cluster-02"))
                .body("items[0].gpuCount", equalTo(4))
                .body("items[0].source", equalTo("fleet"))
                .body("page.totalItems", equalTo(2));
    }

    @Test
    void sortsDescendingAndPages() {
        Api.as(researcher).queryParam("sort", "-name").queryParam("size", 1).queryParam("page", 1)
                .get("/api/v1/clusters").then().statusCode(200)
                .body("items.name", contains("cluster-01"))
                .body("page.totalPages", equalTo(2));
    }

    @Test
    void aPageBeyondTheEndIsEmptyButCountsEverything() {
        Api.as(researcher).queryParam("page", 7).get("/api/v1/clusters").then().statusCode(200)
                .body("items.size()", equalTo(0)).body("page.totalItems", equalTo(2));
    }

    @Test
    void refusesAPageLargerThanTheMaximum() {
        Api.malformedAs(researcher).queryParam("size", 501).get("/api/v1/clusters").then().statusCode(400)
                .contentType("application/problem+json").body("code", equalTo("page-size-too-large"));
    }

    @Test
    void refusesUnknownSortKeysAndStates() {
        Api.malformedAs(researcher).queryParam("sort", "name;drop table x").get("/api/v1/clusters").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
        Api.malformedAs(researcher).queryParam("state", "GONE").get("/api/v1/clusters").then().statusCode(400)
                .body("detail", startsWith("parameter 'state'"));
    }

    @Test
    void getsOneByIdAnd404sAnUnknownOne() {
        Api.as(researcher).get("/api/v1/clusters/" + Fixture.CLUSTER_02).then().statusCode(200)
                .body("name", equalTo("cluster-02")).body("gpuModels", hasItem("NVIDIA A100-SXM4-80GB"));
        Api.as(researcher).get("/api/v1/clusters/999999").then().statusCode(404).body("code", equalTo("not-found"));
        Api.malformedAs(researcher).get("/api/v1/clusters/abc").then().statusCode(400);
    }

    @Test
    void aClusterSaysWhatItsHubSaysOfIt() {
        Api.as(researcher).get("/api/v1/clusters/" + Fixture.CLUSTER_01).then().statusCode(200)
                .body("managedCluster.vendor", equalTo("OpenShift"))
                .body("managedCluster.version", equalTo("4.16.12"))
                .body("managedCluster.coreWorkers", equalTo(128))
                .body("managedCluster.socketWorkers", nullValue())
                .body("managedCluster.labels.region", equalTo("mghpcc"))
                .body("managedCluster.seenAt", equalTo("2026-11-21T12:00:00Z"));
        Api.as(researcher).get("/api/v1/clusters/" + Fixture.CLUSTER_02).then().statusCode(200)
                .body("managedCluster", nullValue());
        Api.as(researcher).accept("application/ld+json").get("/api/v1/clusters/" + Fixture.CLUSTER_01).then()
                .statusCode(200).body("managedCluster.value.cloud", equalTo("<b>BareMetal</b>"));
    }

    @Test
    void isAvailableAsNgsiLd() {
        Api.as(researcher).accept("application/ld+json").get("/api/v1/clusters/" + Fixture.CLUSTER_01).then()
                .statusCode(200).contentType("application/ld+json")
                .body("id", equalTo("urn:ngsi-ld:AiCluster:cluster-01"))
                .body("type", equalTo("AiCluster"))
                .body("gpuCount.value", equalTo(4))
                .body("'@context'", hasItem(startsWith("http")));
        Api.as(researcher).accept("application/ld+json").get("/api/v1/clusters").then().statusCode(200)
                .header("X-Total-Count", "2").body("type", contains("AiCluster", "AiCluster"));
    }
}
