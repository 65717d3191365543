package org.aitelemetry.e2e.support;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.launcher.Platform;

/**
 * One test's browser on the site: a fresh Chromium context (no cookies of another test), one page, and the steps a
 * person takes: open a page, sign in through Keycloak's real login page, sign out, take a screenshot.
 */
public final class SiteBrowser implements AutoCloseable {

    /** The session cookies of the site's code-flow tenant {@code web} (q_session_web and its chunks). */
    private static final Pattern SITE_SESSION_COOKIES = Pattern.compile("^q_session");

    private final BrowserContext context;
    private final Page page;
    private final Platform platform;

    SiteBrowser(BrowserContext context, Platform platform) {
        this.context = context;
        this.page = context.newPage();
        this.platform = platform;
    }

    public Page page() {
        return page;
    }

    /** Opens a path of the site, e.g. {@code /}; the answer may be a redirect to Keycloak. */
    public Page open(String path) {
        page.navigate(platform.siteUrl() + path);
        return page;
    }

    public KeycloakLoginPage loginPage() {
        return new KeycloakLoginPage(page, platform.keycloak().realmUrl());
    }

    /** Opens {@code path}, signs in on Keycloak's login page as the user, and waits to be back on the page. */
    public Page logInAs(DemoUser user, String path) {
        open(path);
        KeycloakLoginPage login = loginPage();
        login.awaitShown();
        login.signIn(user.username(), user.password());
        // Keycloak sends the browser to the site's callback with the code; the site then restores the path.
        page.waitForURL(url -> url.equals(platform.siteUrl() + path));
        return page;
    }

    /**
     * Ends the Keycloak session (its logout endpoint, confirmed as a person would) and drops the site's session
     * cookies, so the next page of the site needs a new sign-in.
     */
    public void logOut() {
        page.navigate(platform.keycloak().realmUrl() + "/protocol/openid-connect/logout?client_id="
                + KeycloakClients.SITE);
        page.locator("#kc-logout").click();
        page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("You are logged out")).waitFor();
        context.clearCookies(new BrowserContext.ClearCookiesOptions().setName(SITE_SESSION_COOKIES));
    }

    /** A full-page PNG of what the browser shows, {@code <name>.png} (see {@link Screenshots}). */
    public Path screenshot(String name) {
        return Screenshots.save(page, name);
    }

    @Override
    public void close() {
        context.close();
    }
}
