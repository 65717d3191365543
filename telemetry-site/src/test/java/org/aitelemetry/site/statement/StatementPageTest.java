package org.aitelemetry.site.statement;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.http.HttpResponse;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.Html;
import org.aitelemetry.site.support.SitePageTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * Statements on the pages: the statements page lists what the person may see (scoped as the API), a project page its
 * own, each with its figures in the active sheet's currency and links to the HTML and CSV, which the signed-in session
 * downloads with the same scope and headers as the API.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class StatementPageTest extends SitePageTest {

    @Test
    void aResearcherListsItsProjectsStatementsOnly() throws Exception {
        String table = Html.element(page(DemoUser.ADA, "/pages/statements").body(), "statements");
        assertThat(table).contains("nlp-001 — week 47").contains("2026-W47 (week)")
                .contains("nlp-001 — October 2026").contains("2026-10 (month)").contains("nlp-001 — September 2026")
                .doesNotContain("vision-002").doesNotContain("cluster-02").doesNotContain("Fleet")
                .doesNotContain("projects — October");
        assertThat(table).contains("3600.00 CHF").contains("2520.00 CHF").contains("12.50 CHF")
                .contains("<a href=\"/pages/statements/6001/html\"").contains("<a href=\"/pages/statements/6001/csv\"");
    }

    @Test
    void aManagerSeesItsProjectsAndItsOwnStatementByEmailAnAdminTheFleets() throws Exception {
        String grace = Html.element(page(DemoUser.GRACE, "/pages/statements").body(), "statements");
        assertThat(grace).contains("vision-002 — October 2026").contains("Grace&#39;s projects — October 2026")
                .doesNotContain("Someone").doesNotContain("Your projects").doesNotContain("Fleet — October 2026");
        String margaret = Html.element(page(DemoUser.MARGARET, "/pages/statements").body(), "statements");
        assertThat(margaret).contains("Fleet — October 2026").contains("Someone&#39;s projects")
                .contains("cluster-02 nlp-001");
    }

    @Test
    void aProjectPageListsItsStatements() throws Exception {
        String project = page(DemoUser.ADA, "/pages/projects/" + Fixture.OWN_PROJECT).body();
        assertThat(project).as("costs in the active sheet's currency").contains("cost (CHF)");
        assertThat(page(DemoUser.ADA, "/pages/fleet").body()).contains("Cost (CHF)");
        String table = Html.element(project, "statements");
        assertThat(Html.count(table, "<tr>")).as("header and three statements").isEqualTo(4);
        assertThat(table).contains("nlp-001 — September 2026").doesNotContain("cluster-02");
    }

    @Test
    void theSessionDownloadsTheHtmlInertAndTheCsvAsAnAttachment() throws Exception {
        HttpResponse<String> html = download(DemoUser.ADA, "/pages/statements/6001/html");
        assertThat(html.statusCode()).isEqualTo(200);
        assertThat(html.headers().allValues("content-security-policy")).containsExactly(StatementDocument.POLICY);
        assertThat(html.headers().allValues("x-content-type-options")).containsExactly("nosniff");
        assertThat(html.body()).contains("<h1>nlp-001 — October 2026</h1>");
        HttpResponse<String> csv = download(DemoUser.ADA, "/pages/statements/6001/csv");
        assertThat(csv.headers().firstValue("content-type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/csv"));
        assertThat(csv.headers().firstValue("content-disposition")).hasValue(
                "attachment; filename=\"statement-6001-cluster-01-nlp-001-month-2026-10-01.csv\"");
        assertThat(csv.headers().allValues("content-security-policy")).containsExactly(StatementDocument.POLICY);
    }

    @Test
    void anotherProjectsOrTheFleetsStatementIsNotFound() throws Exception {
        for (String path : new String[] {"/pages/statements/6003/html", "/pages/statements/6009/csv",
                "/pages/statements/6007/html", "/pages/statements/x/html"}) {
            assertThat(download(DemoUser.ADA, path).statusCode()).as(path).isEqualTo(404);
        }
        assertThat(download(DemoUser.GRACE, "/pages/statements/6007/html").statusCode()).isEqualTo(200);
    }
}
