package org.aitelemetry.site.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.aitelemetry.devkit.keycloak.DemoUser;

/**
 * What every page test class starts from: the fixture and API tokens ({@link SiteApiTest}), and the demo users signed
 * in through Keycloak's login page, once per user for the whole run (the application starts once).
 */
public abstract class SitePageTest extends SiteApiTest {

    private static final Map<String, PageSession> SIGNED_IN = new ConcurrentHashMap<>();

    @TestHTTPResource("/")
    protected URI site;

    /** GETs a page as the user and checks it is HTML the CSP allows: no inline script or style. */
    protected HttpResponse<String> page(DemoUser user, String path) throws Exception {
        HttpResponse<String> page = session(user).get(path);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/html"));
        assertThat(page.body()).contains("Signed in as " + user.username())
                .doesNotContain("<style").doesNotContain(" style=").doesNotContain("<script>")
                .doesNotContainPattern("<script(?![^>]*\\ssrc=)").doesNotContainPattern("\\son[a-z]+=");
        return page;
    }

    /** GETs anything the pages link to (a download, JSON) as the user, without the HTML checks. */
    protected HttpResponse<String> download(DemoUser user, String path) throws Exception {
        return session(user).get(path);
    }

    private PageSession session(DemoUser user) throws Exception {
        PageSession session = SIGNED_IN.get(user.username());
        if (session == null) {
            session = PageSession.signIn(site, user);
            SIGNED_IN.put(user.username(), session);
        }
        return session;
    }
}
