package org.aitelemetry.site.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URI;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.PageSession;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Scenario 31: the API takes bearer tokens only. A person signed in to the pages holds a session cookie that pages
 * accept; sent alone to the API it is no credential (401), so a page, or another site that gets a browser to send the
 * cookie, can never call the API on the person's behalf.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class PageCookieOnApiTest extends SiteApiTest {

    @TestHTTPResource("/")
    URI site;

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/me", "/api/v1/clusters", "/api/v1/projects", "/api/v1/sessions",
        "/api/v1/health-checks"})
    void theApiRefusesThePageSessionCookieAndTakesABearerToken(String operation) throws Exception {
        PageSession grace = PageSession.signIn(site, DemoUser.GRACE);
        assertThat(grace.getOnce("/pages/fleet").statusCode()).as("the cookie signs the pages in").isEqualTo(200);

        assertThat(grace.getOnce(operation).statusCode()).as(operation).isEqualTo(401);
        Api.as(manager).get(operation).then().statusCode(200);
    }
}
