package org.aitelemetry.site.vm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.config.JsonConfig;
import io.restassured.path.json.config.JsonPathConfig.NumberReturnType;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * Virtual machines with GPUs passed through (fixture-vms.sql): only the caller's projects' (by cluster and
 * namespace), filters, sorts, paging, the last 30 days' allocation-based hours, the 404 for another project's VM, and
 * NGSI-LD.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class VirtualMachineApiTest extends SiteApiTest {

    private static final String VMS = "/api/v1/virtual-machines";
    private static final double EPSILON = 1e-9;

    @Test
    void listsOnlyTheVirtualMachinesOfTheCallersProjects() {
        for (String member : new String[] {researcher, manager}) {
            Api.as(member).get(VMS).then().statusCode(200)
                    .body("items.id", contains((int) VirtualMachineFixture.OWN_UNCATALOGUED_VM,
                            (int) VirtualMachineFixture.OWN_VM))
                    .body("page.totalItems", equalTo(2));
        }
        Api.as(admin).get(VMS).then().statusCode(200).body("page.totalItems", equalTo(4));
    }

    @Test
    void showsWhereAVirtualMachineRunsWhatItHoldsAndThatItsHoursAreAllocationBased() {
        Api.as(researcher).queryParam("phase", "running").get(VMS).then().statusCode(200)
                .body("items.size()", equalTo(1))
                .body("items[0].id", equalTo((int) VirtualMachineFixture.OWN_VM))
                .body("items[0].clusterId", equalTo((int) Fixture.CLUSTER_01))
                .body("items[0].cluster", equalTo("cluster-01"))
                .body("items[0].projectId", equalTo((int) Fixture.OWN_PROJECT))
                .body("items[0].namespace", equalTo("nlp-001"))
                .body("items[0].name", equalTo("nlp-jupyter-vm"))
                .body("items[0].launcherPod", equalTo("virt-launcher-nlp-jupyter-vm-x7k2p"))
                .body("items[0].node", equalTo("worker-gpu-0001"))
                .body("items[0].gpuResource", equalTo("nvidia.com/GH100_H100_SXM5_80GB"))
                .body("items[0].gpuModel", equalTo("NVIDIA H100 80GB HBM3"))
                .body("items[0].gpus", equalTo(2))
                .body("items[0].guestOs", equalTo("rhel"))
                .body("items[0].instanceType", equalTo("u1.2xlarge"))
                .body("items[0].state", equalTo("PRESENT"))
                .body("items[0].firstSeenAt", equalTo("2026-11-01T08:00:00Z"))
                .body("items[0].lastSeenAt", equalTo("2026-11-21T12:00:00Z"))
                .body("items[0].usageBasis", equalTo("ALLOCATION"));
        Api.as(researcher).get(VMS + "/" + VirtualMachineFixture.OWN_UNCATALOGUED_VM).then().statusCode(200)
                .body("gpuModel", equalTo("GA102GL_A10"))
                .body("node", nullValue())
                .body("guestOs", nullValue())
                .body("usageBasis", equalTo("ALLOCATION"));
    }

    @Test
    void filtersByClusterNamespaceStateGpuModelAndPhaseInAnyCase() {
        assertIds(Api.as(admin).queryParam("cluster", "cluster-02"), VirtualMachineFixture.TWIN_VM);
        Api.as(researcher).queryParam("cluster", "cluster-02").get(VMS).then().statusCode(200)
                .body("items", empty());
        assertIds(Api.as(admin).queryParam("namespace", "nlp-001").queryParam("sort", "-gpus"),
                VirtualMachineFixture.TWIN_VM, VirtualMachineFixture.OWN_VM,
                VirtualMachineFixture.OWN_UNCATALOGUED_VM);
        assertIds(Api.as(admin).queryParam("state", "MISSING"), VirtualMachineFixture.TWIN_VM);
        assertIds(Api.as(admin).queryParam("gpuModel", "NVIDIA H100 80GB HBM3").queryParam("sort", "name"),
                VirtualMachineFixture.OWN_VM, VirtualMachineFixture.OTHER_VM);
        assertIds(Api.as(admin).queryParam("phase", "RUNNING"), VirtualMachineFixture.OWN_VM);
        assertIds(Api.as(researcher).queryParam("phase", "scheduling"), VirtualMachineFixture.OWN_UNCATALOGUED_VM);
    }

    @Test
    void sortsAndPagesWithStableTies() {
        assertIds(Api.as(admin).queryParam("sort", "-gpus"), VirtualMachineFixture.TWIN_VM,
                VirtualMachineFixture.OWN_VM, VirtualMachineFixture.OTHER_VM,
                VirtualMachineFixture.OWN_UNCATALOGUED_VM);
        assertIds(Api.as(admin).queryParam("sort", "namespace"), VirtualMachineFixture.OWN_VM,
                VirtualMachineFixture.OWN_UNCATALOGUED_VM, VirtualMachineFixture.TWIN_VM,
                VirtualMachineFixture.OTHER_VM);
        Api.as(admin).queryParam("sort", "-lastSeenAt").queryParam("size", 1).queryParam("page", 3).get(VMS)
                .then().statusCode(200)
                .body("items.id", contains((int) VirtualMachineFixture.TWIN_VM))
                .body("page.totalPages", equalTo(4));
    }

    @Test
    void refusesBadParametersWithAReason() {
        refused(Api.malformedAs(researcher).queryParam("state", "GONE"), "invalid-parameter", "'state'");
        refused(Api.malformedAs(researcher).queryParam("namespace", "n".repeat(64)), "invalid-parameter",
                "'namespace'");
        refused(Api.malformedAs(researcher).queryParam("phase", "p".repeat(33)), "invalid-parameter", "'phase'");
        refused(Api.malformedAs(researcher).queryParam("gpuModel", "m".repeat(201)), "invalid-parameter",
                "'gpuModel'");
        refused(Api.malformedAs(researcher).queryParam("sort", "phase"), "invalid-parameter", "'sort'");
        refused(Api.malformedAs(researcher).queryParam("size", 501), "page-size-too-large", "'size'");
        Api.malformedAs(researcher).get(VMS + "/vm-1").then().statusCode(400).body("code",
                equalTo("invalid-parameter"));
        Api.malformedAs(researcher).get(VMS + "/0").then().statusCode(400);
    }

    @Test
    void carriesTheLastThirtyDaysOfAllocatedHoursAndTheirCost() {
        Instant endOfThisHour = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.HOURS);
        var detail = doubles(Api.as(researcher)).get(VMS + "/" + VirtualMachineFixture.OWN_VM).then()
                .statusCode(200)
                .body("name", equalTo("nlp-jupyter-vm"))
                .body("allocatedLast30Days.gpuHoursAllocated", closeTo(6, EPSILON))
                .body("allocatedLast30Days.cost", closeTo(24, EPSILON))
                .body("allocatedLast30Days.currency", equalTo("CHF"));
        Instant from = Instant.parse(detail.extract().path("allocatedLast30Days.from"));
        Instant to = Instant.parse(detail.extract().path("allocatedLast30Days.to"));
        assertThat(to).isIn(endOfThisHour, endOfThisHour.plus(1, ChronoUnit.HOURS));
        assertThat(Duration.between(from, to)).isEqualTo(Duration.ofDays(30));
        doubles(Api.as(researcher)).get(VMS + "/" + VirtualMachineFixture.OWN_UNCATALOGUED_VM).then()
                .statusCode(200)
                .body("allocatedLast30Days.gpuHoursAllocated", closeTo(0, EPSILON))
                .body("allocatedLast30Days.cost", closeTo(0, EPSILON));
    }

    @Test
    void anotherProjectsVirtualMachineIsNotFoundButAnAdminSeesIt() {
        for (long other : new long[] {VirtualMachineFixture.OTHER_VM, VirtualMachineFixture.TWIN_VM, 999_999}) {
            Api.as(researcher).get(VMS + "/" + other).then().statusCode(404).body("code", equalTo("not-found"));
        }
        doubles(Api.as(admin)).get(VMS + "/" + VirtualMachineFixture.OTHER_VM).then().statusCode(200)
                .body("namespace", equalTo("vision-002"))
                .body("phase", nullValue())
                .body("allocatedLast30Days.gpuHoursAllocated", closeTo(1, EPSILON))
                .body("allocatedLast30Days.cost", closeTo(4, EPSILON));
    }

    @Test
    void isAvailableAsNgsiLd() {
        Api.as(researcher).accept("application/ld+json").get(VMS + "/" + VirtualMachineFixture.OWN_VM).then()
                .statusCode(200).contentType("application/ld+json")
                .body("id", equalTo("urn:ngsi-ld:VirtualMachine:cluster-01:nlp-001:nlp-jupyter-vm"))
                .body("type", equalTo("VirtualMachine"))
                .body("project.object", equalTo("urn:ngsi-ld:ResearchProject:cluster-01:nlp-001"))
                .body("node.object", equalTo("urn:ngsi-ld:AiNode:cluster-01:worker-gpu-0001"))
                .body("gpus.value", equalTo(2))
                .body("gpus.unitCode", equalTo("C62"))
                .body("usageBasis.value", equalTo("ALLOCATION"))
                .body("allocatedLast30Days.value.gpuHoursAllocated", equalTo(6.0f));
        Api.as(researcher).accept("application/ld+json").get(VMS).then().statusCode(200)
                .header("X-Total-Count", "2").body("type", contains("VirtualMachine", "VirtualMachine"));
    }

    private static RequestSpecification doubles(RequestSpecification request) {
        return request.config(RestAssured.config().jsonConfig(
                JsonConfig.jsonConfig().numberReturnType(NumberReturnType.DOUBLE)));
    }

    private static void assertIds(RequestSpecification request, long... ids) {
        Integer[] expected = Arrays.stream(ids).mapToObj(id -> (int) id).toArray(Integer[]::new);
        request.get(VMS).then().statusCode(200).body("items.id", contains(expected));
    }

    private static void refused(RequestSpecification request, String code, String parameter) {
        request.get(VMS).then().statusCode(400).body("code", equalTo(code))
                .body("detail", containsString(parameter));
    }
}
