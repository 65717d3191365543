package org.aitelemetry.site.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.Optional;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.site.support.Fixture;
import org.aitelemetry.site.support.PageSession;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenario 21: a cookie-session POST without the CSRF token (or with a forged one) is refused with 403 and
 * records nothing; with the token the page handed out it goes through. Pages carry CSP with frame-ancestors 'none',
 * X-Frame-Options and nosniff.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class PageSecurityTest {

    private static final String PROJECT_CHECK = """
            {"cluster": "cluster-01", "kind": "PROJECT", "namespace": "vision-002"}""";
    private static PageSession grace;

    @TestHTTPResource("/")
    URI site;

    @Inject
    Pool pool;

    @BeforeEach
    void signIn() throws Exception {
        Fixture.load(pool);
        if (grace == null) {
            grace = PageSession.signIn(site, DemoUser.GRACE);
        }
    }

    @Test
    void aPostWithoutTheCsrfTokenIsRefusedAndRecordsNothing() throws Exception {
        long before = requestsBy("grace");
        grace.get("/pages/health");

        HttpResponse<String> withoutToken = grace.postJson("/pages/health-checks", PROJECT_CHECK, Optional.empty());
        HttpResponse<String> forged = grace.postJson("/pages/health-checks", PROJECT_CHECK,
                Optional.of("forged.token.value"));

        assertThat(withoutToken.statusCode()).isEqualTo(403);
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(withoutToken.body()).doesNotContain("Exception").doesNotContain("at org.");
        assertThat(requestsBy("grace")).isEqualTo(before);
    }

    @Test
    void thePagesTokenLetsTheSameRequestThrough() throws Exception {
        long before = requestsBy("grace");
        grace.get("/pages/health");

        HttpResponse<String> accepted = grace.postJson("/pages/health-checks", PROJECT_CHECK,
                Optional.of(grace.csrfToken()));

        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(201);
        assertThat(accepted.body()).contains("PENDING");
        assertThat(requestsBy("grace")).isEqualTo(before + 1);
        assertThat(grace.get("/pages/health").body()).contains("vision-002");
    }

    @Test
    void theServiceStillDecidesWhoMayCheckWhat() throws Exception {
        PageSession ada = PageSession.signIn(site, DemoUser.ADA);
        ada.get("/pages/health");

        HttpResponse<String> project = ada.postJson("/pages/health-checks",
                "{\"cluster\": \"cluster-01\", \"kind\": \"PROJECT\", \"namespace\": \"nlp-001\"}",
                Optional.of(ada.csrfToken()));
        HttpResponse<String> unknownField = ada.postJson("/pages/health-checks",
                "{\"cluster\": \"cluster-01\", \"kind\": \"JOB\", \"namespace\": \"nlp-001\", \"state\": \"DONE\"}",
                Optional.of(ada.csrfToken()));

        assertThat(project.statusCode()).isEqualTo(403);
        assertThat(project.body()).contains("telemetry-manager");
        assertThat(unknownField.statusCode()).isEqualTo(400);
        assertThat(unknownField.body()).contains("unknown-field");
    }

    @Test
    void theFormShowsWhyACheckOfAClusterNoWorkerActsOnIsRefused() throws Exception {
        PageSession margaret = PageSession.signIn(site, DemoUser.MARGARET);
        margaret.get("/pages/health");

        HttpResponse<String> refused = margaret.postJson("/pages/health-checks",
                "{\"cluster\": \"cluster-02\", \"kind\": \"NODE\", \"node\": \"worker-gpu-0001\"}",
                Optional.of(margaret.csrfToken()));

        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.body()).contains("no-actuator")
                .contains("no worker acts on cluster cluster-02's Kubernetes API");
    }

    @Test
    void pagesCarryTheSecurityHeaders() throws Exception {
        for (String path : new String[] {"/pages/fleet", "/pages/virtual-machines", "/pages/projects", "/pages/health",
            "/pages/job-health"}) {
            HttpResponse<String> page = grace.get(path);
            assertThat(page.statusCode()).as(path).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Security-Policy")).as(path).hasValueSatisfying(csp ->
                    assertThat(csp).contains("frame-ancestors 'none'").contains("script-src 'self'")
                            .doesNotContain("unsafe-inline").doesNotContain("unsafe-eval"));
            assertThat(page.headers().firstValue("X-Frame-Options")).as(path).hasValue("DENY");
            assertThat(page.headers().firstValue("X-Content-Type-Options")).as(path).hasValue("nosniff");
            assertThat(page.body()).as(path).doesNotContain("<script>").doesNotContain(" style=\"")
                    .doesNotContain(" onclick=");
        }
    }

    private long requestsBy(String user) {
        Row row = pool.preparedQuery("SELECT count(*) FROM health_check_request WHERE requested_by = $1")
                .execute(Tuple.of(user)).await().indefinitely().iterator().next();
        return row.getLong(0);
    }
}
