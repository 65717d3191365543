package org.aitelemetry.e2e.home;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.util.List;
import org.aitelemetry.devkit.fleet.FleetProject;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.devkit.launcher.Platform;
import org.aitelemetry.e2e.support.E2eTest;
import org.aitelemetry.e2e.support.KeycloakLoginPage;
import org.aitelemetry.e2e.support.SiteBrowser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Signing in and out in a real browser: each demo user signs in through Keycloak's real login page and lands on the
 * fleet overview, which says who they are, their role and exactly the projects their Keycloak groups grant (an admin
 * sees every project); a researcher never sees another project of the fleet.
 */
@E2eTest
class HomePageIT {

    static final List<DemoUser> DEMO_USERS = DemoUser.ALL;

    @ParameterizedTest(name = "{0}")
    @FieldSource("DEMO_USERS")
    void aDemoUserSeesTheirNameRoleAndExactlyTheirProjects(DemoUser user, SiteBrowser browser, Platform platform) {
        Page home = browser.logInAs(user, "/pages/fleet");

        assertThat(home.locator("#user").innerText()).isEqualTo("Signed in as " + user.username());
        assertThat(home.locator("#roles").innerText()).contains(user.role());
        List<String> expected = user.groups().stream().map(HomePageIT::shownAs).sorted().toList();
        assertThat(home.locator("#projects a").allInnerTexts()).containsExactlyElementsOf(expected);
        if (!user.groups().isEmpty()) {
            String everything = home.locator("body").innerText();
            List<String> notTheirs = platform.fleet().projects().stream().map(HomePageIT::shownAs)
                    .filter(project -> !expected.contains(project)).toList();
            assertThat(notTheirs).as("projects of the fleet this user is not in").isNotEmpty();
            assertThat(everything).doesNotContain(notTheirs);
        }
        browser.screenshot("home-" + user.username());
    }

    @Test
    void anUnauthenticatedVisitIsSentToKeycloaksLoginPage(SiteBrowser browser, Platform platform) {
        browser.open("/");

        browser.loginPage().awaitShown();
        assertThat(browser.page().url()).startsWith(platform.keycloak().realmUrl() + "/protocol/openid-connect/auth?")
                .contains("client_id=telemetry-site");
    }

    @Test
    void aWrongPasswordStaysOnKeycloaksPageWithAnError(SiteBrowser browser, Platform platform) {
        browser.open("/");
        KeycloakLoginPage login = browser.loginPage();

        login.signIn(DemoUser.ADA.username(), "not-" + DemoUser.ADA.password());

        assertThat(login.awaitError()).isEqualTo("Invalid username or password.");
        login.awaitShown();
        assertThat(browser.page().url()).doesNotStartWith(platform.siteUrl());
    }

    @Test
    void afterLoggingOutTheSiteAsksForASignInAgain(SiteBrowser browser) {
        browser.logInAs(DemoUser.GRACE, "/pages/fleet");
        browser.logOut();

        browser.open("/");

        browser.loginPage().awaitShown();
    }

    /** As the page lists a project: {@code /projects/cluster-01/nlp-001} is {@code cluster-01/nlp-001}. */
    private static String shownAs(String group) {
        String[] parts = group.split("/");
        return parts[2] + "/" + parts[3];
    }

    private static String shownAs(FleetProject project) {
        return project.cluster() + "/" + project.namespace();
    }
}
