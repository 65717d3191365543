package org.aitelemetry.site.fleet;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
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

/** GPU devices: listing, filters by names, model, state and health, sorting, by UUID, and NGSI-LD readings. */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class DeviceApiTest extends SiteApiTest {

    @Test
    void listsDevicesByNodeNameThenUuid() {
        Api.as(researcher).get("/api/v1/devices").then().statusCode(200)
                .body("items.uuid", contains(Fixture.DEVICE_AMD, Fixture.DEVICE_HEALTHY, Fixture.DEVICE_FAILED,
                        Fixture.DEVICE_OTHER_CLUSTER, Fixture.DEVICE_MIG))
                .body("items.vendor", contains("AMD", "NVIDIA", "NVIDIA", "NVIDIA", "NVIDIA"))
                .body("items[1].cluster", equalTo("cluster-01"))
                .body("items[1].node", equalTo("worker-gpu-0001"))
                .body("items[1].productName", equalTo("NVIDIA H100 80GB HBM3"))
                .body("page.totalItems", equalTo(5));
    }

    @Test
    void filtersByVendorAndRefusesAnUnknownOne() {
        Api.as(researcher).queryParam("vendor", "AMD").get("/api/v1/devices").then().statusCode(200)
                .body("items.uuid", contains(Fixture.DEVICE_AMD))
                .body("items[0].productName", equalTo("AMD Instinct MI300X OAM"))
                .body("items[0].node", equalTo("worker-amd-0001"))
                .body("items[0].migEnabled", equalTo(true))
                .body("items[0].serial", equalTo("692409005408"));
        Api.as(researcher).queryParam("vendor", "NVIDIA").queryParam("cluster", "cluster-01")
                .get("/api/v1/devices").then().statusCode(200)
                .body("items.uuid", contains(Fixture.DEVICE_HEALTHY, Fixture.DEVICE_FAILED, Fixture.DEVICE_MIG));
        Api.malformedAs(researcher).queryParam("vendor", "amd").get("/api/v1/devices").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"))
                .body("detail", containsString("vendor"))
                .body("detail", containsString("[AMD, NVIDIA]"));
    }

    @Test
    void filtersByClusterAndNodeNames() {
        Api.as(researcher).queryParam("node", "worker-gpu-0001").get("/api/v1/devices").then().statusCode(200)
                .body("page.totalItems", equalTo(3));
        Api.as(researcher).queryParam("cluster", "cluster-01").queryParam("node", "worker-gpu-0001")
                .get("/api/v1/devices").then().statusCode(200)
                .body("items.uuid", contains(Fixture.DEVICE_HEALTHY, Fixture.DEVICE_FAILED));
    }

    @Test
    void filtersByModelHealthAndState() {
        Api.as(researcher).queryParam("model", "NVIDIA A100-SXM4-80GB").get("/api/v1/devices").then()
                .statusCode(200).body("items.uuid", contains(Fixture.DEVICE_OTHER_CLUSTER));
        Api.as(researcher).queryParam("health", "FAILED").queryParam("state", "PRESENT").get("/api/v1/devices")
                .then().statusCode(200)
                .body("items.uuid", contains(Fixture.DEVICE_FAILED))
                .body("items[0].healthReason", equalTo("gemm_bf16 at 61% of the baseline"))
                .body("page.totalItems", equalTo(1));
        Api.malformedAs(researcher).queryParam("state", "GONE").get("/api/v1/devices").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }

    @Test
    void sortsByUtilizationWithMigGpusLast() {
        Api.as(researcher).queryParam("sort", "-utilization").get("/api/v1/devices").then().statusCode(200)
                .body("items.uuid", contains(Fixture.DEVICE_OTHER_CLUSTER, Fixture.DEVICE_HEALTHY,
                        Fixture.DEVICE_FAILED, Fixture.DEVICE_MIG, Fixture.DEVICE_AMD));
        Api.as(researcher).queryParam("sort", "uuid").queryParam("size", 2).queryParam("page", 1)
                .get("/api/v1/devices").then().statusCode(200)
                .body("items.uuid", contains(Fixture.DEVICE_FAILED, Fixture.DEVICE_MIG));
    }

    @Test
    void getsOneByUuidAnd404sAnUnknownOne() {
        Api.as(researcher).get("/api/v1/devices/" + Fixture.DEVICE_MIG).then().statusCode(200)
                .body("migEnabled", equalTo(true))
                .body("utilizationPercent", nullValue())
                .body("memoryUsedMib", equalTo(20000.0f))
                .body("readingsAt", equalTo("2026-11-21T12:00:00Z"))
                .body("vendor", equalTo("NVIDIA"));
        Api.as(researcher).get("/api/v1/devices/" + Fixture.DEVICE_AMD).then().statusCode(200)
                .body("vendor", equalTo("AMD")).body("memoryUsedMib", equalTo(8000.0f));
        Api.as(researcher).get("/api/v1/devices/GPU-unknown").then().statusCode(404)
                .body("code", equalTo("not-found"));
        Api.malformedAs(researcher).get("/api/v1/devices/" + "x".repeat(65)).then().statusCode(400);
    }

    @Test
    void isAvailableAsNgsiLdWithReadingsObservedAtTheirTime() {
        Api.as(researcher).accept("application/ld+json").get("/api/v1/devices/" + Fixture.DEVICE_HEALTHY).then()
                .statusCode(200).contentType("application/ld+json")
                .body("id", equalTo("urn:ngsi-ld:GpuDevice:" + Fixture.DEVICE_HEALTHY))
                .body("node.object", equalTo("urn:ngsi-ld:AiNode:cluster-01:worker-gpu-0001"))
                .body("gpu.object", equalTo("urn:ngsi-ld:Gpu:NVIDIA%20H100%2080GB%20HBM3"))
                .body("powerWatts.unitCode", equalTo("WTT"))
                .body("powerWatts.observedAt", equalTo("2026-11-21T12:00:00Z"))
                .body("memoryUsedMib", not(hasKey("unitCode")))
                .body("vendor.value", equalTo("NVIDIA"));
        Api.as(researcher).accept("application/ld+json").queryParam("cluster", "cluster-02")
                .get("/api/v1/devices").then().statusCode(200)
                .header("X-Total-Count", "1").body("type", contains("GpuDevice"));
    }
}
