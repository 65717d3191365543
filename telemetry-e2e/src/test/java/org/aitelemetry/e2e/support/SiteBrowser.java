package org.aitelemetry.e2e.support;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import java.nio.file.Path;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.devkit.launcher.Platform;

/**
 * One test's browser on the site: a fresh Chromium context (no cookies of another test), one page, and the steps a
 * person takes: open a page, sign in through Keycloak's real login page, sign out, take a screenshot.
 */
public final class SiteBrowser implements AutoCloseable {

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
     * Logs out as a person does, with the header's link: the site ends its session and Keycloak's (RP-initiated
     * logout) and comes back to the site, which asks for a sign-in again.
     */
    public void logOut() {
        page.locator("#logout").click();
        loginPage().awaitShown();
    }

    /** Lays the page out at another viewport, e.g. a phone's. */
    public void resize(int width, int height) {
        page.setViewportSize(width, height);
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
