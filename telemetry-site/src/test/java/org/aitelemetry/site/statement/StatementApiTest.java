package org.aitelemetry.site.statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * Statements through the API: who sees which (members their project's, a manager by verified e-mail, admins all, the
 * fleet's admins only; anything else 404), filters and paging, and the stored CSV and HTML with their headers.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class StatementApiTest extends SiteApiTest {

    private static final int OWN_MONTH = (int) Fixture.OWN_STATEMENT;
    private static final int OWN_WEEK = 6002;
    private static final int TWIN = 6004;
    private static final int OWN_PROJECT_GONE = 6005;
    private static final int TEST_MANAGERS = 6006;
    private static final int GRACES = 6007;
    private static final int FLEET = 6009;

    @Test
    void aResearcherSeesItsProjectsStatementsEvenOfADeletedProjectRowButNoManagersOrTheFleets() {
        Api.as(researcher).get("/api/v1/statements").then().statusCode(200)
                .body("items.id", contains(OWN_WEEK, OWN_MONTH, OWN_PROJECT_GONE))
                .body("page.totalItems", equalTo(3));
        for (int hidden : new int[] {(int) Fixture.OTHER_STATEMENT, TWIN, TEST_MANAGERS, GRACES, FLEET}) {
            Api.as(researcher).get("/api/v1/statements/" + hidden).then().statusCode(404)
                    .body("code", equalTo("not-found"));
        }
    }

    @Test
    void aManagerSeesItsOwnStatementByTheTokensVerifiedEmailInAnyCase() {
        Api.as(manager).queryParam("subjectKind", "MANAGER").get("/api/v1/statements").then().statusCode(200)
                .body("items.id", contains(TEST_MANAGERS));
        Api.as(manager).get("/api/v1/statements/" + TEST_MANAGERS).then().statusCode(200)
                .body("subjectKind", equalTo("MANAGER")).body("subjectKey", equalTo("test-manager@example.org"))
                .body("project", nullValue());
        Api.as(manager).get("/api/v1/statements/" + GRACES).then().statusCode(404);
        Api.as(manager).get("/api/v1/statements/" + FLEET + "/csv").then().statusCode(404);
    }

    @Test
    void anAdminSeesEveryStatementTheFleetsAmongThem() {
        Api.as(admin).queryParam("size", 500).get("/api/v1/statements").then().statusCode(200)
                .body("page.totalItems", equalTo(9));
        Api.as(admin).get("/api/v1/statements/" + FLEET).then().statusCode(200)
                .body("subjectKind", equalTo("FLEET")).body("title", equalTo("Fleet — October 2026"));
    }

    @Test
    void aStatementCarriesItsFiguresAndTheProjectItWasMadeFor() {
        Api.as(researcher).get("/api/v1/statements/" + OWN_MONTH).then().statusCode(200)
                .body("periodKind", equalTo("MONTH"))
                .body("periodStart", equalTo("2026-10-01T00:00:00Z"))
                .body("periodEnd", equalTo("2026-11-01T00:00:00Z"))
                .body("project.id", equalTo((int) Fixture.OWN_PROJECT))
                .body("project.cluster", equalTo("cluster-01")).body("project.namespace", equalTo("nlp-001"))
                .body("currency", equalTo("CHF"))
                .body("allocatedGpuHours", equalTo(1440.0f)).body("usedGpuHours", equalTo(1008.0f))
                .body("costAllocationBasis", equalTo(3600.0f)).body("costUsageBasis", equalTo(2520.0f))
                .body("healthCredit", equalTo(12.5f));
    }

    @Test
    void filtersByProjectSubjectPeriodAndPeriodStart() {
        Api.as(admin).queryParam("project", Fixture.OWN_PROJECT).get("/api/v1/statements").then().statusCode(200)
                .body("items.id", contains(OWN_WEEK, OWN_MONTH));
        Api.as(admin).queryParam("periodKind", "WEEK").get("/api/v1/statements").then().statusCode(200)
                .body("items.id", contains(OWN_WEEK));
        Api.as(admin).queryParam("subjectKind", "FLEET").get("/api/v1/statements").then().statusCode(200)
                .body("items.id", contains(FLEET));
        Api.as(researcher).queryParam("from", "2026-09-01T00:00:00Z").queryParam("to", "2026-10-01T00:00:00Z")
                .get("/api/v1/statements").then().statusCode(200).body("items.id", contains(OWN_PROJECT_GONE));
        Api.as(admin).queryParam("subjectKind", "MANAGER").get("/api/v1/statements").then().statusCode(200)
                .body("items.id", containsInAnyOrder(TEST_MANAGERS, GRACES, 6008));
    }

    @Test
    void pagesTheLatestPeriodFirst() {
        Api.as(researcher).queryParam("size", 2).get("/api/v1/statements").then().statusCode(200)
                .body("items.id", contains(OWN_WEEK, OWN_MONTH)).body("page.totalPages", equalTo(2));
        Api.as(researcher).queryParam("size", 2).queryParam("page", 1).get("/api/v1/statements").then()
                .statusCode(200).body("items.id", contains(OWN_PROJECT_GONE)).body("page.number", equalTo(1));
    }

    @Test
    void badFiltersAreRefusedWithTheirReason() {
        Api.malformedAs(researcher).queryParam("subjectKind", "TEAM").get("/api/v1/statements").then()
                .statusCode(400).body("code", equalTo("invalid-parameter"));
        Api.malformedAs(researcher).queryParam("project", "0").get("/api/v1/statements").then().statusCode(400);
        Api.malformedAs(researcher).queryParam("from", "2026-11-01T00:00:00Z").queryParam("to", "2026-10-01T00:00:00Z")
                .get("/api/v1/statements").then().statusCode(400);
        Api.malformedAs(researcher).get("/api/v1/statements/nope").then().statusCode(400);
        Api.as(admin).get("/api/v1/statements/999999").then().statusCode(404);
    }

    @Test
    void theCsvIsADownloadUnderASafeName() {
        Response csv = Api.as(researcher).get("/api/v1/statements/" + OWN_MONTH + "/csv");
        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        assertThat(csv.header("Content-Disposition"))
                .isEqualTo("attachment; filename=\"statement-6001-cluster-01-nlp-001-month-2026-10-01.csv\"");
        assertThat(csv.asString()).isEqualTo("metric,value\ngpu_hours_allocated,1440\n");
    }

    @Test
    void theHtmlIsServedInertUnderASandboxingPolicy() {
        Response html = Api.as(manager).get("/api/v1/statements/" + TEST_MANAGERS + "/html");
        assertThat(html.statusCode()).isEqualTo(200);
        assertThat(html.contentType()).startsWith("text/html");
        assertThat(html.headers().getValues("Content-Security-Policy")).containsExactly(
                "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none';"
                        + " base-uri 'none'; form-action 'none'");
        assertThat(html.headers().getValues("X-Content-Type-Options")).containsExactly("nosniff");
        assertThat(html.header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(html.header("Content-Disposition")).isEqualTo(
                "inline; filename=\"statement-6006-test-manager-example.org-month-2026-10-01.html\"");
        assertThat(html.asString()).isEqualTo("<p>manager</p>");
    }
}
