package org.aitelemetry.site.health;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/** A device's health names its evidence and advice, now and per run, and how far a failed GPU is from recovery. */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class DeviceHealthEvidenceApiTest extends SiteApiTest {

    @Test
    void theCurrentVerdictCarriesItsEvidenceAdviceAndRecovery() {
        Api.as(researcher).get("/api/v1/devices/" + Fixture.DEVICE_FAILED + "/health").then().statusCode(200)
                .body("current.verdict", equalTo("FAILED"))
                .body("current.meaning", containsString("Hard evidence"))
                .body("current.evidence.kind", contains("hardware_xid", "below_baseline"))
                .body("current.evidence[0].severity", equalTo("hard"))
                .body("current.evidence[0].details.xids", contains(79))
                .body("current.advice.action", contains("drain_reboot", "rma"))
                .body("current.advice[0].because", contains("hardware_xid"))
                .body("current.recovery.cleanRuns", equalTo(1))
                .body("current.recovery.needed", equalTo(3))
                .body("items[0].evidence.kind", contains("hardware_xid", "below_baseline"))
                .body("items[0].advice.action", contains("drain_reboot", "rma"));
    }

    @Test
    void aHealthyGpuIsNotRecovering() {
        Api.as(researcher).get("/api/v1/devices/" + Fixture.DEVICE_HEALTHY + "/health").then().statusCode(200)
                .body("current.verdict", equalTo("HEALTHY")).body("current.recovery", nullValue())
                .body("current.evidence.size()", equalTo(0)).body("items[1].evidence.size()", equalTo(0));
    }
}
