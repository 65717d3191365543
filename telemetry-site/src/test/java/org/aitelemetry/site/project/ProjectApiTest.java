package org.aitelemetry.site.project;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/** Projects: members see only their own (never the same namespace on another cluster), admins all; filters, sorts. */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class ProjectApiTest extends SiteApiTest {

    @Test
    void aMemberListsOnlyItsOwnProjectNotTheTwinNamespaceOfTheOtherCluster() {
        Api.as(researcher).get("/api/v1/projects").then().statusCode(200)
                .body("items.id", contains((int) Fixture.OWN_PROJECT))
                .body("items[0].cluster", equalTo("cluster-01"))
                .body("items[0].namespace", equalTo("nlp-001"))
                .body("page.totalItems", equalTo(1));
        Api.as(researcher).queryParam("cluster", "cluster-02").get("/api/v1/projects").then().statusCode(200)
                .body("page.totalItems", equalTo(0));
    }

    @Test
    void anAdminListsEveryProjectSortedByNamespace() {
        Api.as(admin).get("/api/v1/projects").then().statusCode(200)
                .body("items.id", contains((int) ProjectFixture.ARCHIVED_PROJECT, (int) Fixture.OWN_PROJECT,
                        (int) Fixture.TWIN_PROJECT, (int) Fixture.OTHER_PROJECT));
    }

    @Test
    void filtersByClusterStateAndActivity() {
        Api.as(admin).queryParam("cluster", "cluster-02").get("/api/v1/projects").then().statusCode(200)
                .body("items.id", contains((int) ProjectFixture.ARCHIVED_PROJECT, (int) Fixture.TWIN_PROJECT));
        Api.as(admin).queryParam("state", "MISSING").get("/api/v1/projects").then().statusCode(200)
                .body("items.id", contains((int) ProjectFixture.ARCHIVED_PROJECT));
        Api.as(admin).queryParam("active", false).get("/api/v1/projects").then().statusCode(200)
                .body("items.id", contains((int) ProjectFixture.ARCHIVED_PROJECT));
        Api.as(researcher).queryParam("active", true).queryParam("state", "PRESENT").get("/api/v1/projects").then()
                .statusCode(200).body("items.id", contains((int) Fixture.OWN_PROJECT));
    }

    @Test
    void sortsByRequestedGpusAndPages() {
        Api.as(admin).queryParam("sort", "-gpusRequested").get("/api/v1/projects").then().statusCode(200)
                .body("items.id", contains((int) Fixture.OWN_PROJECT, (int) Fixture.TWIN_PROJECT,
                        (int) ProjectFixture.ARCHIVED_PROJECT, (int) Fixture.OTHER_PROJECT));
        Api.as(admin).queryParam("sort", "lastSeenAt").queryParam("size", 1).get("/api/v1/projects").then()
                .statusCode(200).body("items.id", contains((int) ProjectFixture.ARCHIVED_PROJECT))
                .body("page.totalPages", equalTo(4));
    }

    @Test
    void refusesMalformedFilters() {
        Api.malformedAs(researcher).queryParam("active", "yes").get("/api/v1/projects").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
        Api.malformedAs(researcher).queryParam("sort", "title").get("/api/v1/projects").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }

    @Test
    void getsTheOwnProjectWithItsRequestsAndFlags() {
        Api.as(researcher).get("/api/v1/projects/" + Fixture.OWN_PROJECT).then().statusCode(200)
                .body("title", equalTo("Multilingual language models"))
                .body("gpusRequested", equalTo(2.0f))
                .body("migRequested.nvidia_com_mig_1g_10gb", equalTo(1))
                .body("restartingPods", equalTo(1))
                .body("vllmDetected", equalTo(true))
                .body("state", equalTo("PRESENT"));
    }

    @Test
    void anotherProjectIsNotFoundEvenWithTheSameNamespace() {
        for (long other : new long[] {Fixture.TWIN_PROJECT, Fixture.OTHER_PROJECT, 999_999}) {
            Api.as(researcher).get("/api/v1/projects/" + other).then().statusCode(404)
                    .body("code", equalTo("not-found"));
        }
        Api.as(admin).get("/api/v1/projects/" + Fixture.TWIN_PROJECT).then().statusCode(200)
                .body("cluster", equalTo("cluster-02")).body("description", nullValue());
    }

    @Test
    void isAvailableAsNgsiLd() {
        Api.as(researcher).accept("application/ld+json").get("/api/v1/projects/" + Fixture.OWN_PROJECT).then()
                .statusCode(200).contentType("application/ld+json")
                .body("id", equalTo("urn:ngsi-ld:ResearchProject:cluster-01:nlp-001"))
                .body("type", equalTo("ResearchProject"))
                .body("cluster.object", equalTo("urn:ngsi-ld:AiCluster:cluster-01"))
                .body("restartingPods.value", equalTo(1))
                .body("restartingPods.observedAt", equalTo("2026-11-21T12:00:00Z"))
                .body("migRequested.value.nvidia_com_mig_1g_10gb", equalTo(1));
        Api.as(researcher).accept("application/ld+json").get("/api/v1/projects").then().statusCode(200)
                .header("X-Total-Count", "1").body("type", contains("ResearchProject"));
    }
}
