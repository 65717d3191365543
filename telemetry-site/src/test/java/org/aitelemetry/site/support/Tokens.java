package org.aitelemetry.site.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;

/**
 * Real access tokens from Keycloak's token endpoint for the test clients (client credentials), reused until a minute
 * before they expire (Keycloak's default lifetime is 5 minutes, shorter than the suite).
 */
public final class Tokens {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> CACHE = new ConcurrentHashMap<>();

    private Tokens() {
    }

    /** A token of one of the test clients ({@code test-admin}, {@code test-researcher}, ...). */
    public static String of(KeycloakComponent keycloak, String testClient) {
        return CACHE.compute(testClient, (client, cached) -> cached != null && expiry(cached).isAfter(
                Instant.now().plusSeconds(60)) ? cached : fresh(keycloak, client));
    }

    /** A fresh token, never cached: for tests that need one close to its issue time. */
    public static String fresh(KeycloakComponent keycloak, String testClient) {
        return keycloak.clientCredentialsToken(testClient, KeycloakClients.testSecret(testClient));
    }

    /** The token's claims, decoded without verification (the site verifies; tests only read). */
    public static Map<String, Object> claims(String token) {
        try {
            byte[] payload = Base64.getUrlDecoder().decode(token.split("\\.")[1]);
            @SuppressWarnings("unchecked")
            Map<String, Object> claims = JSON.readValue(payload, Map.class);
            return claims;
        } catch (IOException e) {
            throw new UncheckedIOException("not a JWT: " + token, e);
        }
    }

    private static Instant expiry(String token) {
        return Instant.ofEpochSecond(((Number) claims(token).get("exp")).longValue());
    }
}
