package org.aitelemetry.e2e.support;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;

/**
 * Keycloak's real login page of the product realm (theme keycloak.v2), as a person fills it in. Its checks wait, as
 * a person would, for the page a submit or redirect leads to.
 */
public final class KeycloakLoginPage {

    private final Page page;
    private final String realmUrl;

    KeycloakLoginPage(Page page, String realmUrl) {
        this.page = page;
        this.realmUrl = realmUrl;
    }

    /** Waits until the browser shows the realm's login form. */
    public void awaitShown() {
        page.waitForURL(url -> url.startsWith(realmUrl + "/"));
        assertThat(form()).isVisible();
    }

    public void signIn(String username, String password) {
        page.locator("#username").fill(username);
        page.locator("#password").fill(password);
        page.locator("#kc-login").click();
    }

    /** Waits for the message Keycloak shows under the username after a failed sign-in, and returns it. */
    public String awaitError() {
        Locator error = page.locator("#input-error-username");
        error.waitFor();
        return error.innerText().strip();
    }

    private Locator form() {
        return page.locator("#kc-form-login");
    }
}
