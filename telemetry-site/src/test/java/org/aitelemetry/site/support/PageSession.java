package org.aitelemetry.site.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.devkit.keycloak.LoginForm;

/**
 * A person's cookie session on the site, as a browser holds it: signed in through Keycloak's real login page (code
 * flow), then pages and chart data fetched with the session cookie. Keeps the last CSRF token a page handed out.
 */
public final class PageSession {

    private static final int MAX_REDIRECTS = 6;
    private static final String CSRF_COOKIE = "XSRF-TOKEN=";

    private final HttpClient browser;
    private final URI site;
    private String csrfToken;

    private PageSession(HttpClient browser, URI site) {
        this.browser = browser;
        this.site = site;
    }

    /** Signs {@code user} in, starting from the fleet overview as a person following a link would. */
    public static PageSession signIn(URI site, DemoUser user) throws Exception {
        PageSession session = new PageSession(LoginForm.browser(), site);
        HttpResponse<String> toKeycloak = session.send(HttpRequest.newBuilder(site.resolve("/pages/fleet")));
        HttpResponse<String> loginPage = session.followToEnd(toKeycloak);
        HttpResponse<String> back = LoginForm.submit(session.browser, loginPage, user.username(), user.password());
        HttpResponse<String> landed = session.followToEnd(back);
        if (landed.statusCode() != 200 || !landed.body().contains("Signed in as " + user.username())) {
            throw new IllegalStateException("sign-in of " + user.username() + " ended with HTTP " + landed.statusCode());
        }
        return session;
    }

    /** GETs a path of the site, following redirects as a browser does. */
    public HttpResponse<String> get(String path) throws Exception {
        return followToEnd(send(HttpRequest.newBuilder(site.resolve(path))));
    }

    /** GETs a path without following redirects. */
    public HttpResponse<String> getOnce(String path) throws Exception {
        return send(HttpRequest.newBuilder(site.resolve(path)));
    }

    /** POSTs JSON as the pages' script does, with the CSRF header when {@code token} is present. */
    public HttpResponse<String> postJson(String path, String json, Optional<String> token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(site.resolve(path))
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        token.ifPresent(value -> request.header("X-XSRF-TOKEN", value));
        return send(request);
    }

    /** The token of the last page fetched (the double-submit cookie the pages' script reads). */
    public String csrfToken() {
        if (csrfToken == null) {
            throw new IllegalStateException("no page has handed out a CSRF token yet");
        }
        return csrfToken;
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        HttpResponse<String> response = browser.send(request.build(), HttpResponse.BodyHandlers.ofString());
        response.headers().allValues("set-cookie").stream().filter(cookie -> cookie.startsWith(CSRF_COOKIE))
                .findFirst().ifPresent(cookie -> csrfToken = cookie.substring(CSRF_COOKIE.length()).split(";", 2)[0]);
        return response;
    }

    private HttpResponse<String> followToEnd(HttpResponse<String> response) throws Exception {
        HttpResponse<String> current = response;
        for (int hops = 0; current.statusCode() / 100 == 3 && hops < MAX_REDIRECTS; hops++) {
            URI next = current.uri().resolve(current.headers().firstValue("Location").orElseThrow());
            current = send(HttpRequest.newBuilder(next));
        }
        return current;
    }
}
