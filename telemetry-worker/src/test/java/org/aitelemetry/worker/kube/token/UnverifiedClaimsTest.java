package org.aitelemetry.worker.kube.token;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which bearer tokens are taken for Kubernetes service-account tokens (the rest are left to OIDC). */
class UnverifiedClaimsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a Pod token            | {"iss":"https://k8s.io","exp":1900000000,"kubernetes.io":{}} | https://k8s.io
            a Keycloak token       | {"iss":"https://kc.example/realms/x","exp":1900000000}           |
            no issuer              | {"exp":1900000000,"kubernetes.io":{}}                            |
            no expiry              | {"iss":"https://k8s.io","kubernetes.io":{}}                 |
            a kubernetes.io string | {"iss":"https://k8s.io","exp":1,"kubernetes.io":"x"}        |
            not JSON               | not json                                                         |
            a JSON array           | [1,2]                                                            |
            """)
    void readsOnlyServiceAccountTokens(String name, String claims, String issuer) {
        assertThat(UnverifiedClaims.of(jwt(claims)).map(UnverifiedClaims::issuer)).isEqualTo(
                java.util.Optional.ofNullable(issuer));
    }

    @ParameterizedTest
    @CsvSource({"only.two", "a.b.c.d", "'%%%.!!!.sig'"})
    void aTokenOfAnotherShapeIsNoServiceAccountToken(String token) {
        assertThat(UnverifiedClaims.of(token)).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void theExpiryBoundsTheReviewsReuse() {
        assertThat(UnverifiedClaims.of(jwt("{\"iss\":\"i\",\"exp\":1900000000,\"kubernetes.io\":{}}")).orElseThrow()
                .expiry()).isEqualTo(Instant.ofEpochSecond(1900000000));
    }

    private static String jwt(String claims) {
        Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
        return base64.encodeToString("{\"alg\":\"RS256\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + base64.encodeToString(claims.getBytes(StandardCharsets.UTF_8)) + ".sig";
    }
}
