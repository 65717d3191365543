package org.aitelemetry.site.security;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonValue;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A manager's statements are found by e-mail address, so only an address Keycloak verified counts. */
class VerifiedEmailTest {

    static Stream<Arguments> claims() {
        return Stream.of(
                Arguments.of("Ana@Example.org", true, "Ana@Example.org"),
                Arguments.of("Ana@Example.org", JsonValue.TRUE, "Ana@Example.org"),
                Arguments.of("Ana@Example.org", "true", "Ana@Example.org"),
                Arguments.of(" ana@example.org ", true, "ana@example.org"),
                Arguments.of("ana@example.org", false, null),
                Arguments.of("ana@example.org", JsonValue.FALSE, null),
                Arguments.of("ana@example.org", null, null),
                Arguments.of("ana@example.org", "yes", null),
                Arguments.of(null, true, null),
                Arguments.of("  ", true, null),
                Arguments.of(42, true, null));
    }

    @ParameterizedTest(name = "email {0}, email_verified {1} → {2}")
    @MethodSource("claims")
    void onlyAVerifiedAddressCounts(Object email, Object verified, String expected) {
        assertThat(CurrentCaller.verifiedEmail(email, verified)).isEqualTo(expected);
    }
}
