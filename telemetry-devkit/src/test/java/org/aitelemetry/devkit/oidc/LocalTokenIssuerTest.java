package org.aitelemetry.devkit.oidc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.junit.jupiter.api.Test;

/**
 * The issuer's tokens verify with jose4j (what quarkus-oidc verifies with) against the public key handed to the app,
 * carry issuer, audience, lifetime and roles where quarkus-oidc looks for them, and fail with any other key.
 */
class LocalTokenIssuerTest {

    private final LocalTokenIssuer issuer = LocalTokenIssuer.generate();

    @Test
    void tokenVerifiesWithThePublicKeyTheAppIsGivenAndCarriesTheRoles() throws Exception {
        String token = issuer.mint("alertmanager", List.of("alerts-writer"), Duration.ofMinutes(5));

        JwtClaims claims = consumer(configuredKey()).processToClaims(token);

        assertThat(claims.getIssuer()).isEqualTo(LocalTokenIssuer.ISSUER);
        assertThat(claims.getAudience()).containsExactly(LocalTokenIssuer.AUDIENCE);
        assertThat(claims.getSubject()).isEqualTo("alertmanager");
        assertThat(claims.getClaimValueAsString("azp")).isEqualTo("alertmanager");
        assertThat(claims.getExpirationTime().getValue() - claims.getIssuedAt().getValue()).isEqualTo(300);
        assertThat(claims.getClaimValue("realm_access", Map.class)).isEqualTo(Map.of("roles", List.of("alerts-writer")));
        assertThat(claims.hasClaim("groups")).as("quarkus-oidc reads realm_access.roles only without groups").isFalse();
    }

    @Test
    void appConfigurationVerifiesOfflineAgainstThisIssuerOnly() {
        assertThat(issuer.appConfig()).containsEntry("quarkus.oidc.tenant-enabled", "true")
                .containsEntry("quarkus.oidc.token.issuer", LocalTokenIssuer.ISSUER)
                .containsEntry("quarkus.oidc.token.audience", LocalTokenIssuer.AUDIENCE)
                .doesNotContainKey("quarkus.oidc.auth-server-url");
    }

    @Test
    void tokenOfAnotherKeyDoesNotVerify() {
        String foreign = LocalTokenIssuer.generate().mint("alertmanager", List.of("alerts-writer"), Duration.ofMinutes(5));

        assertThatThrownBy(() -> consumer(issuer.publicKey()).processToClaims(foreign))
                .isInstanceOf(InvalidJwtException.class).hasMessageContaining("signature");
    }

    @Test
    void expiredTokenDoesNotVerify() {
        String expired = issuer.mint("alertmanager", List.of("alerts-writer"), Duration.ofMinutes(-1));

        assertThatThrownBy(() -> consumer(issuer.publicKey()).processToClaims(expired))
                .isInstanceOf(InvalidJwtException.class).hasMessageContaining("no longer valid");
    }

    private PublicKey configuredKey() throws Exception {
        byte[] encoded = Base64.getDecoder().decode(issuer.appConfig().get("quarkus.oidc.public-key"));
        return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(encoded));
    }

    private static JwtConsumer consumer(PublicKey key) {
        return new JwtConsumerBuilder()
                .setVerificationKey(key)
                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, AlgorithmIdentifiers.RSA_USING_SHA256)
                .setExpectedIssuer(LocalTokenIssuer.ISSUER)
                .setExpectedAudience(LocalTokenIssuer.AUDIENCE)
                .setRequireExpirationTime()
                .setRequireIssuedAt()
                .setRequireSubject()
                .build();
    }
}
