package org.aitelemetry.site.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.config.JsonConfig;
import io.restassured.path.json.config.JsonPathConfig.NumberReturnType;
import io.restassured.response.ValidatableResponse;
import java.time.Duration;
import java.time.Instant;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * Project usage from the fixture's rollups: project 501 has 48 hours (2026-11-20 and -21) of 7200 GPU·s allocated,
 * 3600 used, 1800 idle, 50% utilization, 2 × 450 W and 5.00 each hour, the daily rows of those days, and two days in
 * October with the same figures whose hourly rows are gone. Its twin 503 has hours and a day in which a virtual
 * machine's GPUs were allocated without readings (fixture-vms.sql).
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class ProjectUsageApiTest extends SiteApiTest {

    private static final double EPSILON = 1e-9;

    @Test
    void sumsDaysAndTheWholeWindow() {
        usage(researcher, Fixture.OWN_PROJECT, "2026-11-20T00:00:00Z", "2026-11-22T00:00:00Z", "day")
                .body("project.id", equalTo((int) Fixture.OWN_PROJECT))
                .body("project.namespace", equalTo("nlp-001"))
                .body("granularity", equalTo("day"))
                // The active price sheet's (fixture-statements.sql), not the configured fallback EUR.
                .body("currency", equalTo("CHF"))
                .body("buckets.start", contains("2026-11-20T00:00:00Z", "2026-11-21T00:00:00Z"))
                .body("buckets[1].gpuHoursAllocated", closeTo(48, EPSILON))
                .body("buckets[1].gpuHoursUsed", closeTo(24, EPSILON))
                .body("buckets[1].idleGpuHours", closeTo(12, EPSILON))
                .body("buckets[1].energyKwh", closeTo(21.6, EPSILON))
                .body("buckets[1].cost", closeTo(120, EPSILON))
                .body("totals.gpuHoursAllocated", closeTo(96, EPSILON))
                .body("totals.unmeteredGpuHours", closeTo(0, EPSILON))
                .body("totals.gpuHoursUsed", closeTo(48, EPSILON))
                .body("totals.idleGpuHours", closeTo(24, EPSILON))
                .body("totals.utilizationPercent", closeTo(50, EPSILON))
                .body("totals.energyKwh", closeTo(43.2, EPSILON))
                .body("totals.cost", closeTo(240, EPSILON))
                .body("totals.efficiency", closeTo(0.5, EPSILON));
    }

    @Test
    void bucketsByHourAndCutsDaysAtTheWindow() {
        usage(researcher, Fixture.OWN_PROJECT, "2026-11-20T00:00:00Z", "2026-11-20T03:00:00Z", "hour")
                .body("buckets.start", contains("2026-11-20T00:00:00Z", "2026-11-20T01:00:00Z",
                        "2026-11-20T02:00:00Z"))
                .body("buckets[2].gpuHoursAllocated", closeTo(2, EPSILON))
                .body("buckets[2].energyKwh", closeTo(0.9, EPSILON))
                .body("totals.cost", closeTo(15, EPSILON));
        usage(researcher, Fixture.OWN_PROJECT, "2026-11-20T12:00:00Z", "2026-11-21T12:00:00Z", "day")
                .body("buckets.start", contains("2026-11-20T00:00:00Z", "2026-11-21T00:00:00Z"))
                .body("buckets.gpuHoursAllocated", contains(closeTo(24, EPSILON), closeTo(24, EPSILON)));
    }

    @Test
    void daysWhoseHourlyRowsAreGoneComeFromTheDailyRowsAndNoDayTwice() {
        usage(researcher, Fixture.OWN_PROJECT, "2026-10-01T00:00:00Z", "2026-11-22T00:00:00Z", "day")
                .body("buckets.start", contains("2026-10-01T00:00:00Z", "2026-10-02T00:00:00Z",
                        "2026-11-20T00:00:00Z", "2026-11-21T00:00:00Z"))
                .body("buckets.gpuHoursAllocated", contains(closeTo(48, EPSILON), closeTo(48, EPSILON),
                        closeTo(48, EPSILON), closeTo(48, EPSILON)))
                .body("buckets[0].idleGpuHours", closeTo(12, EPSILON))
                .body("buckets[0].energyKwh", closeTo(21.6, EPSILON))
                .body("totals.cost", closeTo(480, EPSILON))
                .body("totals.utilizationPercent", closeTo(50, EPSILON));
    }

    @Test
    void aDailyRowIsNeitherCutByTheWindowNorSplitIntoHours() {
        usage(researcher, Fixture.OWN_PROJECT, "2026-10-01T12:00:00Z", "2026-10-03T00:00:00Z", "day")
                .body("buckets.start", contains("2026-10-02T00:00:00Z"))
                .body("totals.gpuHoursAllocated", closeTo(48, EPSILON));
        usage(researcher, Fixture.OWN_PROJECT, "2026-10-01T00:00:00Z", "2026-10-03T00:00:00Z", "hour")
                .body("buckets", empty());
    }

    /**
     * 503's 2026-11-10: at 00:00 one GPU of a pod at 80 % beside a VM's two GPUs (7.50), at 01:00 two GPUs of pods at
     * 50 %, a quarter of them idle (3.00). Allocated counts the VM, used and idle do not, and utilization and
     * efficiency are over the metered hours as the stored rows are: 60 %, where weighting by all allocated hours
     * would say 68 % and 36 %.
     */
    @Test
    void aVirtualMachinesHoursAreAllocatedAndUnmeteredButNeitherUsedNorInTheUtilization() {
        usage(admin, Fixture.TWIN_PROJECT, "2026-11-10T00:00:00Z", "2026-11-10T02:00:00Z", "hour")
                .body("buckets.start", contains("2026-11-10T00:00:00Z", "2026-11-10T01:00:00Z"))
                .body("buckets.gpuHoursAllocated", contains(closeTo(3, EPSILON), closeTo(2, EPSILON)))
                .body("buckets.unmeteredGpuHours", contains(closeTo(2, EPSILON), closeTo(0, EPSILON)))
                .body("buckets.gpuHoursUsed", contains(closeTo(0.8, EPSILON), closeTo(1, EPSILON)))
                .body("buckets.idleGpuHours", contains(closeTo(0, EPSILON), closeTo(0.5, EPSILON)))
                .body("buckets.utilizationPercent", contains(closeTo(80, EPSILON), closeTo(50, EPSILON)))
                .body("buckets[0].efficiency", closeTo(0.8, EPSILON))
                .body("totals.gpuHoursAllocated", closeTo(5, EPSILON))
                .body("totals.unmeteredGpuHours", closeTo(2, EPSILON))
                .body("totals.gpuHoursUsed", closeTo(1.8, EPSILON))
                .body("totals.utilizationPercent", closeTo(60, EPSILON))
                .body("totals.efficiency", closeTo(0.6, EPSILON))
                .body("totals.cost", closeTo(10.5, EPSILON));
    }

    /** 503's 2026-10-05 is a daily row only: 24 hours as at 2026-11-10 00:00, 48 of its 72 GPU-hours the VM's. */
    @Test
    void dailyRowsCarryTheirUnmeteredHoursToo() {
        usage(admin, Fixture.TWIN_PROJECT, "2026-10-01T00:00:00Z", "2026-11-11T00:00:00Z", "day")
                .body("buckets.start", contains("2026-10-05T00:00:00Z", "2026-11-10T00:00:00Z"))
                .body("buckets[0].gpuHoursAllocated", closeTo(72, EPSILON))
                .body("buckets[0].unmeteredGpuHours", closeTo(48, EPSILON))
                .body("buckets[0].gpuHoursUsed", closeTo(19.2, EPSILON))
                .body("buckets[0].utilizationPercent", closeTo(80, EPSILON))
                .body("buckets[1].utilizationPercent", closeTo(60, EPSILON))
                .body("totals.gpuHoursAllocated", closeTo(77, EPSILON))
                .body("totals.unmeteredGpuHours", closeTo(50, EPSILON))
                .body("totals.utilizationPercent", closeTo((80 * 86_400 + 80 * 3600 + 50 * 7200) / 97_200.0, EPSILON))
                .body("totals.efficiency", closeTo((69_120 + 2880 + 3600) / 97_200.0, EPSILON))
                .body("totals.cost", closeTo(190.5, EPSILON));
    }

    @Test
    void aWindowWithoutDataHasZeroTotalsAndNoRatios() {
        usage(researcher, Fixture.OWN_PROJECT, "2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z", null)
                .body("buckets", empty())
                .body("totals.gpuHoursAllocated", closeTo(0, EPSILON))
                .body("totals.utilizationPercent", nullValue())
                .body("totals.efficiency", nullValue());
    }

    @Test
    void theWindowDefaultsToTheLastSevenDays() {
        ValidatableResponse response = Api.as(researcher).get("/api/v1/projects/" + Fixture.OWN_PROJECT + "/usage")
                .then().statusCode(200).body("granularity", equalTo("day"));
        Instant from = Instant.parse(response.extract().path("from"));
        Instant to = Instant.parse(response.extract().path("to"));
        assertThat(Duration.between(from, to)).isEqualTo(Duration.ofDays(7));
        assertThat(Duration.between(to, Instant.now()).abs()).isLessThan(Duration.ofMinutes(1));
    }

    @Test
    void anotherProjectIsNotFoundButAnAdminSeesIt() {
        for (long other : new long[] {Fixture.TWIN_PROJECT, Fixture.OTHER_PROJECT}) {
            Api.as(researcher).get("/api/v1/projects/" + other + "/usage").then().statusCode(404)
                    .body("code", equalTo("not-found"));
        }
        usage(admin, Fixture.OTHER_PROJECT, "2026-11-20T00:00:00Z", "2026-11-21T00:00:00Z", "day")
                .body("totals.gpuHoursAllocated", closeTo(6, EPSILON))
                .body("totals.utilizationPercent", closeTo(83.3, EPSILON))
                .body("totals.efficiency", closeTo(5.0 / 6, EPSILON));
    }

    @Test
    void refusesBadWindowsAndGranularities() {
        String path = "/api/v1/projects/" + Fixture.OWN_PROJECT + "/usage";
        Api.as(researcher).queryParam("from", "2026-11-21T00:00:00Z").queryParam("to", "2026-11-21T00:00:00Z")
                .get(path).then().statusCode(400).body("code", equalTo("invalid-parameter"));
        Api.as(researcher).queryParam("from", "2025-11-19T00:00:00Z").queryParam("to", "2026-11-21T00:00:00Z")
                .get(path).then().statusCode(400).body("code", equalTo("invalid-parameter"));
        Api.malformedAs(researcher).queryParam("granularity", "week").get(path).then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
        Api.malformedAs(researcher).queryParam("from", "yesterday").get(path).then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }

    private ValidatableResponse usage(String token, long project, String from, String to, String granularity) {
        var request = Api.as(token).config(RestAssured.config().jsonConfig(
                JsonConfig.jsonConfig().numberReturnType(NumberReturnType.DOUBLE)))
                .queryParam("from", from).queryParam("to", to);
        if (granularity != null) {
            request.queryParam("granularity", granularity);
        }
        return request.get("/api/v1/projects/" + project + "/usage").then().statusCode(200);
    }
}
