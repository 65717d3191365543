package org.aitelemetry.site.project;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * Who a project is, as its namespace or ColdFront says (fixture.sql): cluster-01/nlp-001 and its twin on cluster-02
 * (ColdFront's) are ada's at Boston University, cluster-01/vision-002 is grace's with no institution, the archived
 * project says nothing. Filters and groups never reach past the caller's projects.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class ProjectAllocationApiTest extends SiteApiTest {

    private static final String ADA = "ada@bu.edu";
    private static final String BU = "Boston University";

    @Test
    void aProjectSaysWhoItIsAndWhatItBillsTo() {
        Api.as(researcher).get("/api/v1/projects/" + Fixture.OWN_PROJECT).then().statusCode(200)
                .body("pi", equalTo(ADA))
                .body("institution", equalTo(BU))
                .body("allocationId", equalTo("ALLOC-77"))
                .body("allocationProjectId", equalTo("1001"))
                .body("fieldOfScience", equalTo("Computer and information sciences"))
                .body("metadataSource", equalTo("NAMESPACE"));
        Api.as(admin).get("/api/v1/projects/" + Fixture.OTHER_PROJECT).then().statusCode(200)
                .body("pi", equalTo("grace@harvard.edu")).body("institution", nullValue());
        Api.as(admin).get("/api/v1/projects/" + Fixture.TWIN_PROJECT).then().statusCode(200)
                .body("pi", equalTo(ADA)).body("metadataSource", equalTo("COLDFRONT"));
    }

    @Test
    void filtersByPiAndInstitutionWithinTheCallersProjects() {
        Api.as(researcher).queryParam("pi", ADA).get("/api/v1/projects").then().statusCode(200)
                .body("items.id", contains((int) Fixture.OWN_PROJECT));
        Api.as(admin).queryParam("pi", ADA).get("/api/v1/projects").then().statusCode(200)
                .body("items.id", contains((int) Fixture.OWN_PROJECT, (int) Fixture.TWIN_PROJECT));
        Api.as(admin).queryParam("institution", BU).queryParam("cluster", "cluster-02").get("/api/v1/projects")
                .then().statusCode(200).body("items.id", contains((int) Fixture.TWIN_PROJECT));
        Api.as(admin).queryParam("pi", "nobody@example.org").get("/api/v1/projects").then().statusCode(200)
                .body("items", empty());
        Api.as(admin).queryParam("sort", "-pi").queryParam("state", "PRESENT").get("/api/v1/projects").then()
                .statusCode(200).body("items.pi", contains("grace@harvard.edu", ADA, ADA));
    }

    @Test
    void groupsByPiAndInstitutionLargestFirstAndTheUnsaidLast() {
        Api.as(admin).queryParam("by", "pi").get("/api/v1/projects/groups").then().statusCode(200)
                .body("key", contains(ADA, "grace@harvard.edu", null))
                .body("[0].projects", equalTo(2))
                .body("[0].clusters", equalTo(2))
                .body("[0].gpusRequested", equalTo(3.0f));
        Api.as(admin).queryParam("by", "institution").get("/api/v1/projects/groups").then().statusCode(200)
                .body("key", contains(BU, null))
                .body("projects", contains(2, 2));
        Api.as(admin).queryParam("by", "pi").queryParam("cluster", "cluster-02").get("/api/v1/projects/groups")
                .then().statusCode(200).body("key", contains(ADA, null)).body("projects", contains(1, 1));
    }

    @Test
    void aMembersGroupsHoldOnlyItsOwnProjects() {
        Api.as(researcher).queryParam("by", "pi").get("/api/v1/projects/groups").then().statusCode(200)
                .body("key", contains(ADA))
                .body("[0].projects", equalTo(1))
                .body("[0].clusters", equalTo(1));
    }

    @Test
    void groupsNeedAKnownGrouping() {
        Api.malformedAs(admin).get("/api/v1/projects/groups").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
        Api.malformedAs(admin).queryParam("by", "team").get("/api/v1/projects/groups").then().statusCode(400)
                .body("code", equalTo("invalid-parameter"));
    }
}
