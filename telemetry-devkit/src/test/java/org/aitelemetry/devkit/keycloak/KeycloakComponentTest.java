package org.aitelemetry.devkit.keycloak;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.devkit.Workspace;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The realms as Keycloak really serves them: the claims the apps rely on, in real tokens of both grants. */
class KeycloakComponentTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> NLP_001 = List.of("/projects/cluster-01/nlp-001");
    /** The site's port as this Keycloak knows it; nothing listens there and nothing needs to. */
    private static final int SITE_PORT = 9;
    private static final String REDIRECT_URI = "http://127.0.0.1:" + SITE_PORT + "/oidc/callback";

    private static KeycloakComponent keycloak;

    @BeforeAll
    static void start() throws Exception {
        keycloak = new KeycloakComponent(Workspace.fromSystemProperties(), "keycloak-test",
                RealmImport.WITH_TEST_ADDITIONS, SITE_PORT);
        keycloak.start();
    }

    @AfterAll
    static void close() {
        keycloak.close();
    }

    @Test
    void anApiClientsServiceAccountCarriesItsAudienceRoleAndProjectGroup() throws IOException {
        JsonNode claims = claims(keycloak.clientCredentialsToken(KeycloakClients.API_EXAMPLE,
                KeycloakClients.API_EXAMPLE_SECRET));

        assertThat(claims.path("iss").asText()).isEqualTo(keycloak.realmUrl());
        assertThat(claims.path("sub").asText()).isNotBlank();
        assertThat(claims.path("preferred_username").asText()).isEqualTo("service-account-telemetry-api-example");
        assertThat(strings(claims.path("aud"))).contains(KeycloakClients.API_AUDIENCE);
        assertThat(strings(claims.path("realm_access").path("roles"))).contains("researcher");
        assertThat(strings(claims.path("groups"))).isEqualTo(NLP_001);
    }

    @Test
    void alertmanagerWritesAlertsToTheWorker() throws IOException {
        JsonNode claims = claims(keycloak.clientCredentialsToken(KeycloakClients.ALERTMANAGER,
                KeycloakClients.ALERTMANAGER_SECRET));

        assertThat(strings(claims.path("aud"))).contains(KeycloakClients.WORKER_AUDIENCE)
                .doesNotContain(KeycloakClients.API_AUDIENCE);
        assertThat(strings(claims.path("realm_access").path("roles"))).contains("alerts-writer")
                .doesNotContain("researcher", "probe-writer");
    }

    @Test
    void aPersonLogsInToTheSiteByTheCodeFlow() throws Exception {
        HttpClient browser = LoginForm.browser();
        String state = UUID.randomUUID().toString();
        URI authorize = URI.create(keycloak.realmUrl() + "/protocol/openid-connect/auth?" + KeycloakComponent.formUrlEncoded(
                Map.of("response_type", "code", "client_id", KeycloakClients.SITE, "redirect_uri", REDIRECT_URI,
                        "scope", "openid", "state", state)));
        HttpResponse<String> loginPage = browser.send(HttpRequest.newBuilder(authorize).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(loginPage.statusCode()).isEqualTo(200);

        HttpResponse<String> loggedIn = LoginForm.submit(browser, loginPage, DemoUser.ADA.username(),
                DemoUser.ADA.password());

        assertThat(loggedIn.statusCode()).as(loggedIn.body()).isEqualTo(302);
        URI callback = URI.create(loggedIn.headers().firstValue("Location").orElseThrow());
        assertThat(callback.toString()).startsWith(REDIRECT_URI + "?");
        Map<String, String> query = query(callback);
        assertThat(query).containsEntry("state", state).containsKey("code");

        JsonNode tokens = keycloak.tokenResponse(KeycloakClients.REALM, Map.of("grant_type", "authorization_code",
                "code", query.get("code"), "redirect_uri", REDIRECT_URI, "client_id", KeycloakClients.SITE,
                "client_secret", KeycloakClients.SITE_SECRET));
        JsonNode idToken = claims(tokens.path("id_token").asText());
        JsonNode accessToken = claims(tokens.path("access_token").asText());
        assertThat(idToken.path("preferred_username").asText()).isEqualTo("ada");
        assertThat(strings(idToken.path("groups"))).isEqualTo(NLP_001);
        assertThat(accessToken.path("preferred_username").asText()).isEqualTo("ada");
        assertThat(strings(accessToken.path("aud"))).contains(KeycloakClients.API_AUDIENCE);
        assertThat(strings(accessToken.path("realm_access").path("roles"))).contains("researcher");
        assertThat(strings(accessToken.path("groups"))).isEqualTo(NLP_001);
        assertThat(strings(userInfo(browser, tokens.path("access_token").asText()).path("groups"))).isEqualTo(NLP_001);
    }

    @Test
    void theOtherRealmIsAnotherIssuer() throws IOException {
        String clientId = KeycloakClients.TEST_RESEARCHER;
        JsonNode other = claims(keycloak.clientCredentialsToken(KeycloakClients.OTHER_REALM, clientId,
                KeycloakClients.testSecret(clientId)));
        JsonNode ours = claims(keycloak.clientCredentialsToken(clientId, KeycloakClients.testSecret(clientId)));

        assertThat(other.path("iss").asText()).isEqualTo(keycloak.realmUrl(KeycloakClients.OTHER_REALM))
                .isNotEqualTo(ours.path("iss").asText());
        assertThat(strings(other.path("groups"))).isEqualTo(NLP_001);
    }

    @Test
    void testClientsHaveTheAudiencesAndLifetimesTheirNamesPromise() throws IOException {
        String wrongAudience = KeycloakClients.TEST_WRONG_AUDIENCE;
        JsonNode unaddressed = claims(keycloak.clientCredentialsToken(wrongAudience,
                KeycloakClients.testSecret(wrongAudience)));
        String shortLived = KeycloakClients.TEST_SHORT_LIVED;
        JsonNode brief = claims(keycloak.clientCredentialsToken(shortLived, KeycloakClients.testSecret(shortLived)));

        assertThat(strings(unaddressed.path("aud"))).doesNotContain(KeycloakClients.API_AUDIENCE);
        assertThat(strings(unaddressed.path("realm_access").path("roles"))).contains("researcher");
        assertThat(brief.path("exp").asLong() - brief.path("iat").asLong()).isEqualTo(2);
    }

    private JsonNode userInfo(HttpClient http, String accessToken) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(keycloak.realmUrl() + "/protocol/openid-connect/userinfo"))
                .header("Authorization", "Bearer " + accessToken).build();
        return JSON.readTree(http.send(request, HttpResponse.BodyHandlers.ofString()).body());
    }

    private static JsonNode claims(String jwt) throws IOException {
        return JSON.readTree(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]));
    }

    /** A claim that may be one string or an array of them (like {@code aud}), as a list. */
    private static List<String> strings(JsonNode claim) {
        List<String> values = new ArrayList<>();
        if (claim.isArray()) {
            claim.forEach(value -> values.add(value.asText()));
        } else if (!claim.isMissingNode()) {
            values.add(claim.asText());
        }
        return values;
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            String[] nameAndValue = pair.split("=", 2);
            parameters.put(nameAndValue[0], URLDecoder.decode(nameAndValue[1], StandardCharsets.UTF_8));
        }
        return parameters;
    }
}
