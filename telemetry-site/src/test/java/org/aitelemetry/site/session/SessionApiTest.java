package org.aitelemetry.site.session;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.site.project.ProjectFixture;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * Sessions: a member sees its project's sessions, linked or not, and never those of the same namespace on another
 * cluster; filters, the overlap window, by id, NGSI-LD.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class SessionApiTest extends SiteApiTest {

    private static final int OWN_LINKED_FINAL = 7005;
    private static final int OWN_SECOND_OPEN = 7002;
    private static final int OTHER_PROJECT_SLICE_SESSION = 7004;
    private static final int OWN_UNLINKED = (int) ProjectFixture.OWN_UNLINKED_SESSION;
    private static final int TWIN_UNLINKED = (int) ProjectFixture.TWIN_UNLINKED_SESSION;
    private static final String SESSIONS = "/api/v1/sessions";

    @Test
    void aMemberListsItsProjectsSessionsNewestFirstIncludingUnlinkedOnes() {
        Api.as(researcher).get(SESSIONS).then().statusCode(200)
                .body("items.id", contains(OWN_SECOND_OPEN, (int) Fixture.OWN_SESSION, OWN_LINKED_FINAL,
                        OWN_UNLINKED))
                .body("page.totalItems", equalTo(4));
    }

    @Test
    void anAdminListsEverySession() {
        Api.as(admin).get(SESSIONS).then().statusCode(200)
                .body("items.id", contains((int) Fixture.OTHER_SESSION, OWN_SECOND_OPEN, (int) Fixture.OWN_SESSION,
                        OTHER_PROJECT_SLICE_SESSION, OWN_LINKED_FINAL, TWIN_UNLINKED, OWN_UNLINKED));
    }

    @Test
    void filtersByProjectDeviceStateAndCluster() {
        Api.as(researcher).queryParam("project", Fixture.OWN_PROJECT).get(SESSIONS).then().statusCode(200)
                .body("items.id", contains(OWN_SECOND_OPEN, (int) Fixture.OWN_SESSION, OWN_LINKED_FINAL));
        Api.as(researcher).queryParam("device", Fixture.DEVICE_HEALTHY).queryParam("state", "FINAL").get(SESSIONS)
                .then().statusCode(200).body("items.id", contains(OWN_LINKED_FINAL, OWN_UNLINKED));
        Api.as(researcher).queryParam("project", Fixture.TWIN_PROJECT).get(SESSIONS).then().statusCode(200)
                .body("page.totalItems", equalTo(0));
        Api.as(researcher).queryParam("cluster", "cluster-02").get(SESSIONS).then().statusCode(200)
                .body("page.totalItems", equalTo(0));
        Api.as(admin).queryParam("cluster", "cluster-02").get(SESSIONS).then().statusCode(200)
                .body("items.id", contains((int) Fixture.OTHER_SESSION, TWIN_UNLINKED));
    }

    @Test
    void keepsSessionsThatOverlapTheWindow() {
        Api.as(researcher).queryParam("from", "2026-11-19T10:00:00Z").queryParam("to", "2026-11-21T08:00:00Z")
                .get(SESSIONS).then().statusCode(200).body("items.id", contains(OWN_LINKED_FINAL));
        Api.as(researcher).queryParam("from", "2026-11-19T10:30:01Z").get(SESSIONS).then().statusCode(200)
                .body("items.id", contains(OWN_SECOND_OPEN, (int) Fixture.OWN_SESSION));
        Api.as(researcher).queryParam("from", "2026-11-21T00:00:00Z").queryParam("to", "2026-11-20T00:00:00Z")
                .get(SESSIONS).then().statusCode(400).body("code", equalTo("invalid-parameter"));
    }

    @Test
    void sortsOldestFirstAndPages() {
        Api.as(researcher).queryParam("sort", "startsAt").queryParam("size", 2).queryParam("page", 1).get(SESSIONS)
                .then().statusCode(200)
                .body("items.id", contains((int) Fixture.OWN_SESSION, OWN_SECOND_OPEN))
                .body("page.totalPages", equalTo(2));
        Api.malformedAs(researcher).queryParam("sort", "endsAt").get(SESSIONS).then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
        Api.malformedAs(researcher).queryParam("state", "CLOSED").get(SESSIONS).then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }

    @Test
    void getsAFinalSessionWithItsAggregatesAndTrace() {
        Api.as(researcher).get(SESSIONS + "/" + OWN_LINKED_FINAL).then().statusCode(200)
                .body("project.id", equalTo((int) Fixture.OWN_PROJECT))
                .body("project.cluster", equalTo("cluster-01"))
                .body("pod", equalTo("nlp-eval-0"))
                .body("startsAt", equalTo("2026-11-19T09:00:00Z"))
                .body("durationSeconds", equalTo(5400.0f))
                .body("utilizationPercent", equalTo(55.0f))
                .body("closeReason", equalTo("RESOLVED"))
                .body("traceId", equalTo("4af7651916cd43dd8448eb211c80319c"))
                .body("traceUrl", equalTo("https://tempo.example/trace/4af7651916cd43dd8448eb211c80319c"))
                .body("exportState", equalTo("EXPORTED"));
        Api.as(researcher).get(SESSIONS + "/" + Fixture.OWN_SESSION).then().statusCode(200)
                .body("state", equalTo("OPEN")).body("endsAt", nullValue()).body("durationSeconds", nullValue());
    }

    @Test
    void anUnlinkedSessionNamesItsNamespaceWithoutAnId() {
        Api.as(researcher).get(SESSIONS + "/" + OWN_UNLINKED).then().statusCode(200)
                .body("project.id", nullValue())
                .body("project.cluster", equalTo("cluster-01"))
                .body("project.namespace", equalTo("nlp-001"));
    }

    @Test
    void anotherProjectsSessionIsNotFoundEvenWithTheSameNamespace() {
        for (long other : new long[] {Fixture.OTHER_SESSION, TWIN_UNLINKED, OTHER_PROJECT_SLICE_SESSION, 999_999}) {
            Api.as(researcher).get(SESSIONS + "/" + other).then().statusCode(404).body("code", equalTo("not-found"));
        }
        Api.as(admin).get(SESSIONS + "/" + TWIN_UNLINKED).then().statusCode(200)
                .body("project.cluster", equalTo("cluster-02"));
    }

    @Test
    void isAvailableAsNgsiLd() {
        Api.as(admin).accept("application/ld+json").get(SESSIONS + "/" + OTHER_PROJECT_SLICE_SESSION).then()
                .statusCode(200).contentType("application/ld+json")
                .body("id", equalTo("urn:ngsi-ld:UsageSession:7004"))
                .body("type", equalTo("UsageSession"))
                .body("project.object", equalTo("urn:ngsi-ld:ResearchProject:cluster-01:vision-002"))
                .body("node.object", equalTo("urn:ngsi-ld:AiNode:cluster-01:worker-gpu-0002"))
                .body("slice.object", equalTo("urn:ngsi-ld:GpuSlice:GPU-0000aaaa-0000-0000-0000-000000000003:2"))
                .body("energyJoules.unitCode", equalTo("JOU"))
                .body("sessionState.value", equalTo("FINAL"));
        Api.as(researcher).accept("application/ld+json").get(SESSIONS).then().statusCode(200)
                .header("X-Total-Count", "4");
    }
}
