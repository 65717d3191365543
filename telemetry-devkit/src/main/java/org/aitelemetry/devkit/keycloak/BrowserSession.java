package org.aitelemetry.devkit.keycloak;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.function.Consumer;

/**
 * A person's cookie session on the site, as a browser holds it: signed in through Keycloak's real login page (code
 * flow, {@link LoginForm}), then pages fetched with the session cookie. Several threads may send through one session
 * at once, as a person's browser tabs do; each request then takes a keep-alive connection of its own.
 */
public final class BrowserSession {

    private static final int MAX_REDIRECTS = 6;

    private final HttpClient browser = LoginForm.browser();
    private final URI site;
    private final Consumer<HttpResponse<String>> observer;

    private BrowserSession(URI site, Consumer<HttpResponse<String>> observer) {
        this.site = site;
        this.observer = observer;
    }

    /** Signs {@code user} in, starting from the fleet overview as a person following a link would. */
    public static BrowserSession signIn(URI site, DemoUser user) throws IOException, InterruptedException {
        return signIn(site, user, response -> { });
    }

    /** As {@link #signIn(URI, DemoUser)}; {@code observer} sees every response, redirects and sign-in included. */
    public static BrowserSession signIn(URI site, DemoUser user, Consumer<HttpResponse<String>> observer)
            throws IOException, InterruptedException {
        BrowserSession session = new BrowserSession(site, observer);
        HttpResponse<String> toKeycloak = session.getOnce("/pages/fleet");
        HttpResponse<String> loginPage = session.followToEnd(toKeycloak);
        HttpResponse<String> back = LoginForm.submit(session.browser, loginPage, user.username(), user.password());
        observer.accept(back);
        HttpResponse<String> landed = session.followToEnd(back);
        if (landed.statusCode() != 200 || !landed.body().contains("Signed in as " + user.username())) {
            throw new IllegalStateException("sign-in of " + user.username() + " ended with HTTP " + landed.statusCode());
        }
        return session;
    }

    /** A browser that has not signed in: pages send it to Keycloak's login page. */
    public static BrowserSession signedOut(URI site) {
        return new BrowserSession(site, response -> { });
    }

    public URI site() {
        return site;
    }

    /** GETs a path of the site, following redirects as a browser does. */
    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return followToEnd(getOnce(path));
    }

    /** GETs a path without following redirects: a page answers 200, an ended session a redirect to Keycloak. */
    public HttpResponse<String> getOnce(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(site.resolve(path)));
    }

    /** Sends a request with the session's cookies, its body read in full. */
    public HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = browser.send(request.build(), HttpResponse.BodyHandlers.ofString());
        observer.accept(response);
        return response;
    }

    private HttpResponse<String> followToEnd(HttpResponse<String> response) throws IOException, InterruptedException {
        HttpResponse<String> current = response;
        for (int hops = 0; current.statusCode() / 100 == 3 && hops < MAX_REDIRECTS; hops++) {
            URI next = current.uri().resolve(current.headers().firstValue("Location").orElseThrow());
            current = send(HttpRequest.newBuilder(next));
        }
        return current;
    }
}
