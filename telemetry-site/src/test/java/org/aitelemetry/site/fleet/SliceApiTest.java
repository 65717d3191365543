package org.aitelemetry.site.fleet;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.aitelemetry.site.support.Tokens;
import org.junit.jupiter.api.Test;

/** MIG slices: filters, sorting, by id, attribution only for the project's members and admins, and NGSI-LD. */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class SliceApiTest extends SiteApiTest {

    @Test
    void showsWhoHoldsASliceOnlyForTheCallersOwnProject() {
        Api.as(researcher).queryParam("device", Fixture.DEVICE_MIG).get("/api/v1/slices").then().statusCode(200)
                .body("items.id", contains((int) Fixture.OWN_SLICE, (int) Fixture.OTHER_SLICE))
                .body("items.kind", contains("MIG_INSTANCE", "MIG_INSTANCE"))
                .body("items.attributed", contains(true, false))
                .body("items[0].project.id", equalTo((int) Fixture.OWN_PROJECT))
                .body("items[0].project.cluster", equalTo("cluster-01"))
                .body("items[0].project.namespace", equalTo("nlp-001"))
                .body("items[0].pod", equalTo("nlp-notebook-0"))
                .body("items[0].container", equalTo("notebook"))
                .body("items[1].project", nullValue())
                .body("items[1].pod", nullValue())
                .body("items[1].container", nullValue())
                .body("items[1].engineActive", equalTo(0.91f));
    }

    @Test
    void listsAnAmdGpusPartitionsHidingWhoHoldsAnotherProjectsOne() {
        Api.as(researcher).queryParam("device", Fixture.DEVICE_AMD).get("/api/v1/slices").then().statusCode(200)
                .body("items.gpuInstanceId", contains(0, 1, 2, 3, 4, 5, 6, 7))
                .body("items.kind", everyItem(equalTo("AMD_PARTITION")))
                .body("items.profile", everyItem(equalTo("cpx/nps4")))
                .body("items.attributed", contains(true, false, false, false, false, false, false, false))
                .body("items[0].project.namespace", equalTo("nlp-001"))
                .body("items[0].pod", equalTo("nlp-rocm-0"))
                .body("items[1].project", nullValue())
                .body("items[1].pod", nullValue())
                .body("items[1].container", nullValue());
        Api.as(researcher).get("/api/v1/slices/" + Fixture.OTHER_PARTITION).then().statusCode(200)
                .body("kind", equalTo("AMD_PARTITION")).body("deviceUuid", equalTo(Fixture.DEVICE_AMD))
                .body("attributed", equalTo(false)).body("project", nullValue()).body("pod", nullValue());
        Api.as(researcher).get("/api/v1/slices").then().statusCode(200)
                .body("page.totalItems", equalTo(10)).body("items.pod", not(hasItem("vision-rocm-0")));
    }

    @Test
    void showsAnAdminWhoHoldsEverySlice() {
        String admin = Tokens.of(keycloak, KeycloakClients.TEST_ADMIN);
        Api.as(admin).get("/api/v1/slices/" + Fixture.OTHER_SLICE).then().statusCode(200)
                .body("attributed", equalTo(true))
                .body("project.id", equalTo((int) Fixture.OTHER_PROJECT))
                .body("pod", equalTo("vision-train-0"));
    }

    @Test
    void hidesTheHolderOfAnotherProjectsSliceById() {
        Api.as(researcher).get("/api/v1/slices/" + Fixture.OTHER_SLICE).then().statusCode(200)
                .body("attributed", equalTo(false))
                .body("project", nullValue())
                .body("deviceUuid", equalTo(Fixture.DEVICE_MIG))
                .body("gpuInstanceId", equalTo(2));
        Api.as(researcher).get("/api/v1/slices/999999").then().statusCode(404).body("code", equalTo("not-found"));
        Api.malformedAs(researcher).get("/api/v1/slices/-1").then().statusCode(400);
    }

    @Test
    void filtersByDeviceProfileClusterNodeAndState() {
        Api.as(researcher).queryParam("device", Fixture.DEVICE_MIG).queryParam("profile", "1g.10gb")
                .queryParam("cluster", "cluster-01").queryParam("node", "worker-gpu-0002")
                .queryParam("state", "PRESENT").get("/api/v1/slices").then().statusCode(200)
                .body("page.totalItems", equalTo(2));
        Api.as(researcher).queryParam("device", Fixture.DEVICE_HEALTHY).get("/api/v1/slices").then()
                .statusCode(200).body("items.size()", equalTo(0));
        Api.as(researcher).queryParam("cluster", "cluster-02").get("/api/v1/slices").then().statusCode(200)
                .body("page.totalItems", equalTo(0));
        Api.malformedAs(researcher).queryParam("profile", "p".repeat(33)).get("/api/v1/slices").then()
                .statusCode(400).body("code", equalTo("invalid-parameter"));
    }

    @Test
    void sortsByEngineActivity() {
        Api.as(researcher).queryParam("sort", "-engineActive").queryParam("node", "worker-gpu-0002")
                .get("/api/v1/slices").then().statusCode(200)
                .body("items.id", contains((int) Fixture.OTHER_SLICE, (int) Fixture.OWN_SLICE));
    }

    @Test
    void isAvailableAsNgsiLdWithTheProjectOnlyWhenAttributed() {
        Api.as(researcher).accept("application/ld+json").get("/api/v1/slices/" + Fixture.OWN_SLICE).then()
                .statusCode(200).contentType("application/ld+json")
                .body("id", equalTo("urn:ngsi-ld:GpuSlice:" + Fixture.DEVICE_MIG + ":1"))
                .body("device.object", equalTo("urn:ngsi-ld:GpuDevice:" + Fixture.DEVICE_MIG))
                .body("project.object", equalTo("urn:ngsi-ld:ResearchProject:cluster-01:nlp-001"))
                .body("engineActive.observedAt", equalTo("2026-11-21T12:00:00Z"));
        Api.as(researcher).accept("application/ld+json").get("/api/v1/slices/" + Fixture.OTHER_SLICE).then()
                .statusCode(200)
                .body("attributed.value", equalTo(false))
                .body("$", not(hasKey("project")))
                .body("$", not(hasKey("pod")));
        Api.as(researcher).accept("application/ld+json").queryParam("device", Fixture.DEVICE_MIG)
                .get("/api/v1/slices").then().statusCode(200)
                .header("X-Total-Count", "2").body("type", contains("GpuSlice", "GpuSlice"))
                .body("kind.value", contains("MIG_INSTANCE", "MIG_INSTANCE"));
    }
}
