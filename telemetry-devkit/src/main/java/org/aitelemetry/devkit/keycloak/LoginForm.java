package org.aitelemetry.devkit.keycloak;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills in Keycloak's real login page as a browser would, for code-flow tests: the form's {@code action} carries the
 * login session (session code, execution, tab id) and the client's cookie jar carries the matching cookies, so the
 * {@link HttpClient} must keep cookies as a browser does ({@link #browser()}) and must not follow redirects: the caller
 * follows the answer (a 302 back to the application with {@code code}, or 200 with the page again after a wrong
 * password).
 */
public final class LoginForm {

    private static final Pattern LOGIN_FORM = Pattern.compile("<form[^>]*\\bid=\"kc-form-login\"[^>]*>");
    private static final Pattern ACTION = Pattern.compile("\\baction=\"([^\"]+)\"");

    private LoginForm() {
    }

    /**
     * An HTTP client that keeps cookies like a browser on a loopback address and leaves redirects to its caller. It
     * speaks HTTP/1.1 as browsers do over plain http (they never upgrade to cleartext HTTP/2).
     */
    public static HttpClient browser() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).cookieHandler(new LoopbackCookieManager())
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** Posts {@code username} and {@code password} to the form of {@code loginPage}, a response with the page's HTML. */
    public static HttpResponse<String> submit(HttpClient http, HttpResponse<String> loginPage, String username,
            String password) throws IOException, InterruptedException {
        URI action = loginPage.uri().resolve(action(loginPage.body()));
        HttpRequest post = HttpRequest.newBuilder(action)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(KeycloakComponent.formUrlEncoded(
                        Map.of("username", username, "password", password))))
                .build();
        return http.send(post, HttpResponse.BodyHandlers.ofString());
    }

    /** The form's target; HTML escapes the query's {@code &} as {@code &amp;}. */
    static String action(String html) {
        Matcher form = LOGIN_FORM.matcher(html);
        if (!form.find()) {
            throw new IllegalStateException("not Keycloak's login page: no form with id kc-form-login");
        }
        Matcher action = ACTION.matcher(form.group());
        if (!action.find()) {
            throw new IllegalStateException("Keycloak's login form has no action: " + form.group());
        }
        return action.group(1).replace("&amp;", "&");
    }

    /**
     * Keycloak marks its login-session cookies {@code Secure} even over plain HTTP. Browsers send them to loopback
     * addresses, which count as secure origins; the JDK's cookie manager sends secure cookies over https only, so
     * loopback URLs are looked up as if they were https.
     */
    private static final class LoopbackCookieManager extends CookieManager {

        @Override
        public Map<String, List<String>> get(URI uri, Map<String, List<String>> requestHeaders) throws IOException {
            return super.get(isLoopback(uri) ? asHttps(uri) : uri, requestHeaders);
        }

        private static boolean isLoopback(URI uri) {
            return "localhost".equals(uri.getHost()) || "127.0.0.1".equals(uri.getHost());
        }

        private static URI asHttps(URI uri) {
            // Host and path are all a cookie lookup reads.
            return URI.create("https://" + uri.getRawAuthority() + uri.getRawPath());
        }
    }
}
