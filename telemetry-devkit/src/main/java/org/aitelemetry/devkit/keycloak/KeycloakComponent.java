package org.aitelemetry.devkit.keycloak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.process.HttpReadiness;
import org.aitelemetry.devkit.process.ManagedProcess;
import org.aitelemetry.devkit.process.ServerProcessComponent;

/**
 * A real Keycloak 26.7 in development mode, importing the product realm (and, for tests, the test additions) on every
 * start. Its database is in memory, so each start begins from the realm files and a stopped server keeps nothing but
 * its port. Ready in about 30 s on two cores, a minute on the first start of a fresh checkout, when Keycloak builds
 * itself for these options; about 480 MB resident.
 */
public final class KeycloakComponent extends ServerProcessComponent {

    /** Modest: tests run it beside PostgreSQL and a Quarkus app on two cores. */
    private static final String HEAP = "-Xms64m -Xmx512m";
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration TOKEN_TIMEOUT = Duration.ofSeconds(10);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final KeycloakDistribution distribution;
    private final RealmImport realms;
    private final int sitePort;
    private final HttpClient http = HttpClient.newHttpClient();

    /** {@code sitePort}: the port of the site whose code flow this Keycloak serves, the only one it redirects to. */
    public KeycloakComponent(Workspace workspace, String name, RealmImport realms, int sitePort) {
        this(workspace, name, realms, sitePort, KeycloakDistribution.unpacked());
    }

    private KeycloakComponent(Workspace workspace, String name, RealmImport realms, int sitePort,
            KeycloakDistribution distribution) {
        super(workspace, name, distribution.launcher());
        this.distribution = distribution;
        this.realms = realms;
        this.sitePort = sitePort;
    }

    /** The {@code kc.sh} every KeycloakComponent runs, whether or not the build has unpacked it yet. */
    public static Path distributionLauncher() {
        return KeycloakDistribution.home().resolve("bin/kc.sh");
    }

    /** {@code http://127.0.0.1:<port>}; the port is known once started. */
    public String url() {
        return "http://127.0.0.1:" + port();
    }

    /** Issuer of the product realm, the apps' {@code quarkus.oidc.auth-server-url}. */
    public String realmUrl() {
        return realmUrl(KeycloakClients.REALM);
    }

    public String realmUrl(String realm) {
        return url() + "/realms/" + realm;
    }

    /** The product realm's token endpoint, e.g. for clients that fetch their own tokens (Alertmanager's oauth2). */
    public URI tokenUrl() {
        return tokenUrl(KeycloakClients.REALM);
    }

    public URI tokenUrl(String realm) {
        return URI.create(realmUrl(realm) + "/protocol/openid-connect/token");
    }

    /** Imports the realms and starts, one start of the shared distribution at a time (see KeycloakDistribution). */
    @Override
    public void start() throws IOException, InterruptedException {
        try (KeycloakDistribution.Lock held = distribution.lock()) {
            super.start();
        }
    }

    /** Read from this start's log: the first start of a checkout builds the server before it starts it. */
    @Override
    public String startPhase() {
        return KeycloakStartPhase.of(logOfStartUnderWay());
    }

    @Override
    protected List<String> command() throws IOException {
        realms.writeTo(distribution.importDir(), sitePort);
        // kc.sh takes its heap from the environment only.
        return List.of("env", "JAVA_OPTS_KC_HEAP=" + HEAP, "bash", binary().toString(), "start-dev",
                "--http-port=" + port(), "--http-host=127.0.0.1", "--db=dev-mem", "--import-realm");
    }

    /** The realm's discovery document answers once the realm is imported. */
    @Override
    protected void awaitReady(ManagedProcess started, long logOffset) throws InterruptedException {
        URI discovery = URI.create(realmUrl() + "/.well-known/openid-configuration");
        HttpReadiness.await(started, discovery, READY_TIMEOUT, logFile());
    }

    /** An access token of the product realm for a confidential client, by the client credentials grant. */
    public String clientCredentialsToken(String clientId, String secret) {
        return clientCredentialsToken(KeycloakClients.REALM, clientId, secret);
    }

    public String clientCredentialsToken(String realm, String clientId, String secret) {
        return tokenResponse(realm, Map.of("grant_type", "client_credentials", "client_id", clientId,
                "client_secret", secret)).get("access_token").asText();
    }

    /** Posts a form to the realm's token endpoint and returns the JSON answer; anything but 200 fails with its body. */
    public JsonNode tokenResponse(String realm, Map<String, String> form) {
        HttpRequest request = HttpRequest.newBuilder(tokenUrl(realm))
                .timeout(TOKEN_TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(formUrlEncoded(form)))
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("token endpoint of " + realm + " answered " + response.statusCode()
                        + ": " + response.body());
            }
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("cannot reach the token endpoint of " + realm + " at " + url(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking " + realm + " for a token", e);
        }
    }

    /** What makes the worker accept this Keycloak's ingest tokens: roles from realm_access, never from groups. */
    public Map<String, String> workerConfig() {
        return Map.of(
                "quarkus.oidc.auth-server-url", realmUrl(),
                "quarkus.oidc.tenant-enabled", "true",
                "quarkus.oidc.token.audience", KeycloakClients.WORKER_AUDIENCE,
                "quarkus.oidc.roles.role-claim-path", "realm_access/roles");
    }

    /** What the site needs for its bearer-token API and its people's code-flow login. */
    public Map<String, String> siteConfig() {
        return Map.of(
                "quarkus.oidc.auth-server-url", realmUrl(),
                "quarkus.oidc.web.auth-server-url", realmUrl(),
                "quarkus.oidc.web.client-id", KeycloakClients.SITE,
                "quarkus.oidc.web.credentials.secret", KeycloakClients.SITE_SECRET);
    }

    static String formUrlEncoded(Map<String, String> form) {
        return form.entrySet().stream()
                .map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }
}
