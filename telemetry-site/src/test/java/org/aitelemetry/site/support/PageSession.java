package org.aitelemetry.site.support;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import org.aitelemetry.devkit.keycloak.BrowserSession;
import org.aitelemetry.devkit.keycloak.DemoUser;

/**
 * A person's cookie session on the site ({@link BrowserSession}: signed in through Keycloak's real login page, then
 * pages and chart data fetched with the session cookie), keeping the last CSRF token a page handed out.
 */
public final class PageSession {

    private static final String CSRF_COOKIE = "XSRF-TOKEN=";

    private BrowserSession browser;
    private volatile String csrfToken;

    private PageSession() {
    }

    /** Signs {@code user} in, starting from the fleet overview as a person following a link would. */
    public static PageSession signIn(URI site, DemoUser user) throws Exception {
        PageSession session = new PageSession();
        session.browser = BrowserSession.signIn(site, user, session::noteCsrfToken);
        return session;
    }

    /** GETs a path of the site, following redirects as a browser does. */
    public HttpResponse<String> get(String path) throws Exception {
        return browser.get(path);
    }

    /** GETs a path without following redirects. */
    public HttpResponse<String> getOnce(String path) throws Exception {
        return browser.getOnce(path);
    }

    /** POSTs JSON as the pages' script does, with the CSRF header when {@code token} is present. */
    public HttpResponse<String> postJson(String path, String json, Optional<String> token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(browser.site().resolve(path))
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        token.ifPresent(value -> request.header("X-XSRF-TOKEN", value));
        return browser.send(request);
    }

    /** The token of the last page fetched (the double-submit cookie the pages' script reads). */
    public String csrfToken() {
        if (csrfToken == null) {
            throw new IllegalStateException("no page has handed out a CSRF token yet");
        }
        return csrfToken;
    }

    private void noteCsrfToken(HttpResponse<String> response) {
        response.headers().allValues("set-cookie").stream().filter(cookie -> cookie.startsWith(CSRF_COOKIE))
                .findFirst().ifPresent(cookie -> csrfToken = cookie.substring(CSRF_COOKIE.length()).split(";", 2)[0]);
    }
}
