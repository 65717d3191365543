package org.aitelemetry.site.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.devkit.keycloak.LoginForm;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * A person signs in through the code flow: the site redirects to Keycloak's real login page, the demo user's password
 * is posted in its form, Keycloak redirects back with a code, the site exchanges it and shows the page with the
 * user's role and project groups as the token carries them. The API, by contrast, never redirects: it answers 401.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class CodeFlowLoginTest {

    @TestHTTPResource("/")
    URI home;

    @Test
    void aDemoUserSignsInThroughKeycloaksLoginPage() throws Exception {
        HttpClient browser = LoginForm.browser();
        HttpResponse<String> toKeycloak = browser.send(HttpRequest.newBuilder(home).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(toKeycloak.statusCode()).isEqualTo(302);

        HttpResponse<String> loginPage = follow(browser, toKeycloak);
        assertThat(loginPage.statusCode()).isEqualTo(200);
        HttpResponse<String> back = LoginForm.submit(browser, loginPage, DemoUser.GRACE.username(),
                DemoUser.GRACE.password());
        assertThat(back.statusCode()).isEqualTo(302);
        assertThat(back.headers().firstValue("Location")).hasValueSatisfying(
                location -> assertThat(location).startsWith(home.toString()).contains("code="));

        HttpResponse<String> page = followToEnd(browser, back);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Signed in as grace").contains("telemetry-manager")
                .contains(">cluster-01/nlp-001</a>").contains(">cluster-01/vision-002</a>");
    }

    @Test
    void aWrongPasswordStaysOnTheLoginPage() throws Exception {
        HttpClient browser = LoginForm.browser();
        HttpResponse<String> loginPage = follow(browser, browser.send(HttpRequest.newBuilder(home).build(),
                HttpResponse.BodyHandlers.ofString()));
        HttpResponse<String> again = LoginForm.submit(browser, loginPage, DemoUser.ADA.username(), "not-her-password");
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.body()).contains("kc-form-login");
    }

    @Test
    void theApiAnswers401InsteadOfRedirecting() throws Exception {
        HttpResponse<String> api = LoginForm.browser().send(HttpRequest.newBuilder(home.resolve("/api/v1/clusters"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(api.statusCode()).isEqualTo(401);
    }

    private static HttpResponse<String> follow(HttpClient browser, HttpResponse<String> redirect) throws Exception {
        URI next = redirect.uri().resolve(redirect.headers().firstValue("Location").orElseThrow());
        return browser.send(HttpRequest.newBuilder(next).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Follows redirects (the site's callback, then the restored path) to a page. */
    private static HttpResponse<String> followToEnd(HttpClient browser, HttpResponse<String> response)
            throws Exception {
        HttpResponse<String> current = response;
        for (int hops = 0; current.statusCode() / 100 == 3 && hops < 5; hops++) {
            current = follow(browser, current);
        }
        return current;
    }
}
