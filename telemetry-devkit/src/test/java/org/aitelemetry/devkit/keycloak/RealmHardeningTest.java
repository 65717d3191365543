package org.aitelemetry.devkit.keycloak;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.aitelemetry.devkit.Workspace;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The realm's own defences, as the real Keycloak enforces them (keycloak/README.md, docs/security.md): the site's code
 * flow returns to the site's port only, repeated wrong passwords lock the account, and passwords the policy refuses
 * are refused. Users are created for each test through the admin API (the test-only client test-user-admin), so the
 * demo logins other tests use are never locked.
 */
class RealmHardeningTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The site's port as this Keycloak knows it; nothing listens there and nothing needs to. */
    private static final int SITE_PORT = 8080;
    private static final String GOOD_PASSWORD = "correct-horse-battery";

    private static KeycloakComponent keycloak;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        keycloak = new KeycloakComponent(Workspace.fromSystemProperties(), "keycloak-realm-hardening",
                RealmImport.WITH_TEST_ADDITIONS, SITE_PORT);
        keycloak.start();
    }

    @AfterAll
    static void close() {
        keycloak.close();
    }

    static Stream<Arguments> redirects() {
        return Stream.of(
                Arguments.of("http://127.0.0.1:" + SITE_PORT + "/oidc/callback", 200),
                Arguments.of("http://localhost:" + SITE_PORT + "/pages/fleet", 200),
                Arguments.of("http://127.0.0.1:" + (SITE_PORT + 1) + "/oidc/callback", 400),
                Arguments.of("http://localhost:" + (SITE_PORT + 1) + "/oidc/callback", 400),
                Arguments.of("http://127.0.0.1/oidc/callback", 400),
                Arguments.of("http://127.0.0.1:" + SITE_PORT + ".attacker.example/oidc/callback", 400),
                Arguments.of("https://attacker.example/oidc/callback", 400));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("redirects")
    void theSiteClientReturnsToTheSitesPortOnly(String redirectUri, int expectedStatus) throws Exception {
        HttpResponse<String> answer = LoginForm.browser().send(HttpRequest.newBuilder(authorize(redirectUri)).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(expectedStatus);
        if (expectedStatus == 400) {
            assertThat(answer.body()).contains("Invalid parameter: redirect_uri");
        }
    }

    @Test
    void repeatedWrongPasswordsLockTheAccount() throws Exception {
        String locked = createUser(GOOD_PASSWORD);
        String bystander = createUser(GOOD_PASSWORD);
        String lockedId = userId(locked);

        for (int attempt = 1; attempt <= 5; attempt++) {
            assertThat(logIn(locked, "wrong-password-" + attempt).statusCode()).isEqualTo(200);
        }
        HttpResponse<String> rightPasswordTooLate = logIn(locked, GOOD_PASSWORD);
        JsonNode detection = admin("GET", "/attack-detection/brute-force/users/" + lockedId, null);

        assertThat(rightPasswordTooLate.statusCode()).as("no redirect with a code while locked").isEqualTo(200);
        assertThat(detection.path("disabled").asBoolean()).as(detection.toString()).isTrue();
        assertThat(detection.path("numFailures").asInt()).isGreaterThanOrEqualTo(1);
        assertThat(logIn(bystander, GOOD_PASSWORD).statusCode()).as("another account is unaffected").isEqualTo(302);
    }

    static Stream<Arguments> passwords() {
        return Stream.of(
                Arguments.of("too-short", "invalidPasswordMinLengthMessage"),
                Arguments.of("x".repeat(129), "invalidPasswordMaxLengthMessage"),
                Arguments.of(null, "invalidPasswordNotUsernameMessage"),
                Arguments.of(GOOD_PASSWORD, null));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("passwords")
    void thePasswordPolicyRefusesWeakPasswords(String password, String refusal) throws Exception {
        String username = createUser(null);
        String value = password == null ? username : password;

        HttpResponse<String> answer = adminCall("PUT", "/users/" + userId(username) + "/reset-password",
                Map.of("type", "password", "value", value, "temporary", false));

        if (refusal == null) {
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(204);
        } else {
            assertThat(answer.statusCode()).isEqualTo(400);
            assertThat(answer.body()).contains(refusal);
        }
    }

    private static URI authorize(String redirectUri) {
        return URI.create(keycloak.realmUrl() + "/protocol/openid-connect/auth?" + KeycloakComponent.formUrlEncoded(
                Map.of("response_type", "code", "client_id", KeycloakClients.SITE, "redirect_uri", redirectUri,
                        "scope", "openid", "state", UUID.randomUUID().toString())));
    }

    /** One login through the real form: 302 with a code on success, 200 with the form again otherwise. */
    private static HttpResponse<String> logIn(String username, String password) throws Exception {
        HttpClient browser = LoginForm.browser();
        HttpResponse<String> page = browser.send(HttpRequest.newBuilder(
                authorize("http://127.0.0.1:" + SITE_PORT + "/oidc/callback")).build(),
                HttpResponse.BodyHandlers.ofString());
        return LoginForm.submit(browser, page, username, password);
    }

    /** A complete user (the user profile requires names and email), with {@code password} unless null. */
    private static String createUser(String password) throws Exception {
        String username = "hardening-" + UUID.randomUUID().toString().substring(0, 8);
        var user = JSON.createObjectNode().put("username", username).put("enabled", true)
                .put("email", username + "@example.org").put("emailVerified", true)
                .put("firstName", "Test").put("lastName", "User");
        if (password != null) {
            user.putArray("credentials").addObject().put("type", "password").put("value", password)
                    .put("temporary", false);
        }
        HttpResponse<String> created = adminCall("POST", "/users", user);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return username;
    }

    private static String userId(String username) throws Exception {
        JsonNode found = admin("GET", "/users?exact=true&username=" + username, null);
        assertThat(found).hasSize(1);
        return found.get(0).path("id").asText();
    }

    private static JsonNode admin(String method, String path, Object body) throws Exception {
        HttpResponse<String> answer = adminCall(method, path, body);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    private static HttpResponse<String> adminCall(String method, String path, Object body)
            throws IOException, InterruptedException {
        String token = keycloak.clientCredentialsToken(KeycloakClients.TEST_USER_ADMIN,
                KeycloakClients.testSecret(KeycloakClients.TEST_USER_ADMIN));
        HttpRequest request = HttpRequest.newBuilder(URI.create(keycloak.url() + "/admin/realms/"
                        + KeycloakClients.REALM + path))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
