package org.aitelemetry.site.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.site.support.Api;
import org.aitelemetry.site.support.Calls;
import org.aitelemetry.site.support.Calls.Target;
import org.aitelemetry.site.support.Contract;
import org.aitelemetry.site.support.SiteApiTest;
import org.aitelemetry.site.support.SiteTestProfile;
import org.aitelemetry.site.support.Tokens;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * Acceptance scenario 17: no token, an expired one, one from another realm (wrong issuer), one for another audience,
 * one with {@code alg: none}, and one whose claims were changed after signing: every non-public operation of the
 * contract answers 401, whatever roles the token claims. All tokens except the forged ones are real Keycloak tokens.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TokenRejectionTest extends SiteApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private String expired;

    @BeforeAll
    void expiredToken() throws InterruptedException {
        expired = Tokens.fresh(keycloak, KeycloakClients.TEST_SHORT_LIVED);
        long exp = ((Number) Tokens.claims(expired).get("exp")).longValue();
        long waitMillis = (exp + 2) * 1000 - Instant.now().toEpochMilli();
        Thread.sleep(Math.max(0, waitMillis));
    }

    @TestFactory
    Stream<DynamicTest> everyProtectedOperationRefusesEveryBadToken() {
        Map<String, Supplier<RequestSpecification>> badTokens = new LinkedHashMap<>();
        badTokens.put("no token", Api::unauthenticated);
        badTokens.put("expired", () -> Api.withRefusedToken(expired));
        badTokens.put("wrong issuer", () -> Api.withRefusedToken(keycloak.clientCredentialsToken(
                KeycloakClients.OTHER_REALM, KeycloakClients.TEST_RESEARCHER,
                KeycloakClients.testSecret(KeycloakClients.TEST_RESEARCHER))));
        badTokens.put("wrong audience", () -> Api.withRefusedToken(
                Tokens.of(keycloak, KeycloakClients.TEST_WRONG_AUDIENCE)));
        badTokens.put("alg none", () -> Api.withRefusedToken(unsigned(admin())));
        badTokens.put("tampered claims", () -> Api.withRefusedToken(tampered(admin())));
        List<DynamicTest> cells = new ArrayList<>();
        for (Contract.Operation operation : Contract.OPERATIONS) {
            if (operation.isPublic()) {
                continue;
            }
            badTokens.forEach((kind, request) -> cells.add(dynamicTest(operation.id() + " with " + kind,
                    () -> assertThat(Calls.call(operation.id(), request.get(), Target.OWN).statusCode())
                            .isEqualTo(401))));
        }
        return cells.stream();
    }

    private String admin() {
        return Tokens.of(keycloak, KeycloakClients.TEST_ADMIN);
    }

    /** The same claims with {@code alg: none} and no signature. */
    private static String unsigned(String token) {
        String header = BASE64URL.encodeToString("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        return header + "." + token.split("\\.")[1] + ".";
    }

    /** Keycloak's header and signature around claims that grant more: the signature no longer matches. */
    private static String tampered(String token) {
        String[] parts = token.split("\\.");
        Map<String, Object> claims = new LinkedHashMap<>(Tokens.claims(token));
        claims.put("groups", List.of("/projects/cluster-01/vision-002"));
        try {
            String payload = BASE64URL.encodeToString(JSON.writeValueAsBytes(claims));
            return parts[0] + "." + payload + "." + parts[2];
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
