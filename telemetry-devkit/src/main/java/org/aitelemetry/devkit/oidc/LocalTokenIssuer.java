package org.aitelemetry.devkit.oidc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Bearer tokens for the benchmarks, which measure the worker and not Keycloak: a throwaway RSA key pair signs JWTs
 * (RS256) shaped like Keycloak's service-account tokens, and the worker verifies them offline with the public key
 * ({@code quarkus.oidc.public-key}: no provider connection, no discovery). Roles go where Keycloak puts realm roles,
 * {@code realm_access.roles}, where the worker reads them ({@code quarkus.oidc.roles.role-claim-path}). The key
 * lives only in this object, so tokens are good for as long as the process that minted them runs.
 */
public final class LocalTokenIssuer {

    /** Issuer of the tokens; the worker checks it ({@code quarkus.oidc.token.issuer}). */
    public static final String ISSUER = "urn:aitelemetry:devkit:local-issuer";
    /** Audience of the tokens; the worker checks it ({@code quarkus.oidc.token.audience}). */
    public static final String AUDIENCE = "telemetry-worker";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final KeyPair keys;
    private final String keyId = UUID.randomUUID().toString();

    private LocalTokenIssuer(KeyPair keys) {
        this.keys = keys;
    }

    /** An issuer with a fresh 2048-bit RSA key pair. */
    public static LocalTokenIssuer generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return new LocalTokenIssuer(generator.generateKeyPair());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM cannot make RSA keys", e);
        }
    }

    public PublicKey publicKey() {
        return keys.getPublic();
    }

    /** The properties that make a Quarkus app with quarkus-oidc accept this issuer's tokens and only those. */
    public Map<String, String> appConfig() {
        return Map.of(
                "quarkus.oidc.tenant-enabled", "true",
                "quarkus.oidc.public-key", Base64.getEncoder().encodeToString(keys.getPublic().getEncoded()),
                "quarkus.oidc.token.issuer", ISSUER,
                "quarkus.oidc.token.audience", AUDIENCE);
    }

    /** A signed token for a client (its {@code sub} and {@code azp}) holding these realm roles, valid from now. */
    public String mint(String clientId, List<String> roles, Duration lifetime) {
        Instant now = Instant.now();
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", ISSUER);
        claims.put("sub", clientId);
        claims.put("aud", AUDIENCE);
        claims.put("azp", clientId);
        claims.put("iat", now.getEpochSecond());
        claims.put("exp", now.plus(lifetime).getEpochSecond());
        claims.put("jti", UUID.randomUUID().toString());
        claims.put("realm_access", Map.of("roles", List.copyOf(roles)));
        return sign(claims);
    }

    private String sign(Map<String, Object> claims) {
        String signingInput = encode(Map.of("alg", "RS256", "typ", "JWT", "kid", keyId)) + "." + encode(claims);
        try {
            Signature rs256 = Signature.getInstance("SHA256withRSA");
            rs256.initSign(keys.getPrivate());
            rs256.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + BASE64URL.encodeToString(rs256.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign a token", e);
        }
    }

    private static String encode(Map<String, ?> json) {
        try {
            return BASE64URL.encodeToString(JSON.writeValueAsBytes(json));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + json, e);
        }
    }
}
