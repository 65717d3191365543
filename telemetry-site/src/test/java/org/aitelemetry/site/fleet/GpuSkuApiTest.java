package org.aitelemetry.site.fleet;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/** GPU SKUs: the catalogue with each SKU's precisions, sorting, by id, and NGSI-LD. */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class GpuSkuApiTest extends SiteApiTest {

    @Test
    void listsSkusByProductNameWithTheirPrecisions() {
        Api.as(manager).get("/api/v1/gpus").then().statusCode(200)
                .body("items.productName", contains("AMD Instinct MI300X OAM", "NVIDIA A100-SXM4-80GB",
                        "NVIDIA H100 80GB HBM3"))
                .body("items[1].precisions.precision", contains("BF16"))
                .body("items[2].precisions.precision", contains("FP64", "BF16"))
                .body("items[2].precisions[1].peakTflops", equalTo(989.0f))
                .body("items[2].precisions[1].achievableTflops", equalTo(794.0f))
                .body("page.totalItems", equalTo(3));
    }

    @Test
    void sortsDescending() {
        Api.as(manager).queryParam("sort", "-productName").get("/api/v1/gpus").then().statusCode(200)
                .body("items.id", contains((int) Fixture.SKU_H100, 2, 3));
        Api.malformedAs(manager).queryParam("sort", "architecture").get("/api/v1/gpus").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }

    @Test
    void getsOneByIdAnd404sAnUnknownOne() {
        Api.as(manager).get("/api/v1/gpus/" + Fixture.SKU_H100).then().statusCode(200)
                .body("architecture", equalTo("Hopper"))
                .body("memoryMib", equalTo(81559))
                .body("catalogued", equalTo(true))
                .body("precisions.size()", equalTo(2));
        Api.as(manager).get("/api/v1/gpus/999999").then().statusCode(404).body("code", equalTo("not-found"));
        Api.malformedAs(manager).get("/api/v1/gpus/h100").then().statusCode(400);
    }

    @Test
    void isAvailableAsNgsiLdKeyedByProductName() {
        Api.as(manager).accept("application/ld+json").get("/api/v1/gpus/" + Fixture.SKU_H100).then()
                .statusCode(200).contentType("application/ld+json")
                .body("id", equalTo("urn:ngsi-ld:Gpu:NVIDIA%20H100%2080GB%20HBM3"))
                .body("type", equalTo("Gpu"))
                .body("tdpWatts.unitCode", equalTo("WTT"))
                .body("precisions.value.precision", contains("FP64", "BF16"));
        Api.as(manager).accept("application/ld+json").get("/api/v1/gpus").then().statusCode(200)
                .header("X-Total-Count", "3").body("type", contains("Gpu", "Gpu", "Gpu"));
    }
}
