package org.aitelemetry.site.health;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/** A device's health history: its probe verdicts newest first, the time window, paging, and unknown devices. */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class DeviceHealthApiTest extends SiteApiTest {

    private static String history(String uuid) {
        return "/api/v1/devices/" + uuid + "/health";
    }

    @Test
    void listsTheVerdictsNewestFirst() {
        Api.as(researcher).get(history(Fixture.DEVICE_HEALTHY)).then().statusCode(200)
                .body("items.runId", contains(Fixture.RUN_FAILED, HealthFixture.RUN_DEGRADED))
                .body("items.verdict", contains("HEALTHY", "DEGRADED"))
                .body("items[0].at", equalTo("2026-11-21T11:00:00Z"))
                .body("items[0].reasons.size()", equalTo(0))
                .body("items[1].reasons", contains("memory_bandwidth at 88% of the baseline"))
                .body("page.totalItems", equalTo(2));
        Api.as(researcher).get(history(Fixture.DEVICE_FAILED)).then().statusCode(200)
                .body("items.verdict", contains("FAILED"))
                .body("items[0].reasons", contains("gemm_bf16 at 61% of the baseline"));
    }

    @Test
    void filtersOnWhenTheRunFinished() {
        Api.as(researcher).queryParam("from", "2026-11-20T00:00:00Z").get(history(Fixture.DEVICE_HEALTHY)).then()
                .statusCode(200).body("items.runId", contains(Fixture.RUN_FAILED));
        Api.as(researcher).queryParam("to", "2026-11-19T11:00:00Z").get(history(Fixture.DEVICE_HEALTHY)).then()
                .statusCode(200).body("items.size()", equalTo(0));
        Api.as(researcher).queryParam("from", "2026-11-19T11:00:00Z").queryParam("to", "2026-11-21T11:00:00Z")
                .get(history(Fixture.DEVICE_HEALTHY)).then().statusCode(200)
                .body("items.runId", contains(HealthFixture.RUN_DEGRADED));
    }

    @Test
    void pages() {
        Api.as(researcher).queryParam("size", 1).queryParam("page", 1).get(history(Fixture.DEVICE_HEALTHY)).then()
                .statusCode(200).body("items.runId", contains(HealthFixture.RUN_DEGRADED))
                .body("page.totalPages", equalTo(2));
    }

    @Test
    void aDeviceNeverProbedHasAnEmptyHistory() {
        Api.as(researcher).get(history(Fixture.DEVICE_OTHER_CLUSTER)).then().statusCode(200)
                .body("items.size()", equalTo(0)).body("page.totalItems", equalTo(0));
    }

    @Test
    void answers404ForADeviceNotInTheInventory() {
        Api.as(researcher).get(history("GPU-ffffffff-0000-0000-0000-000000000000")).then().statusCode(404)
                .body("code", equalTo("not-found"));
        // Probed, but the fleet sync does not list it: still no such device.
        Api.as(researcher).get(history(HealthFixture.UNLISTED_DEVICE)).then().statusCode(404);
    }

    @Test
    void refusesABadTimeWindow() {
        Api.malformedAs(researcher).queryParam("from", "2026-13-01").get(history(Fixture.DEVICE_HEALTHY)).then()
                .statusCode(400).body("code", equalTo("invalid-parameter"));
    }
}
