package org.aitelemetry.site.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.aitelemetry.devkit.http.RawHttpExchange;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Test;

/**
 * The site builds URLs (the code flow's redirect URI above all) from X-Forwarded-* headers only when they come from a
 * trusted proxy ({@code quarkus.http.proxy.trusted-proxies}; in tests 127.0.0.2 plays the router). From any other
 * address a forged X-Forwarded-Host changes nothing, so nobody can have Keycloak send a person's code elsewhere.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
class ForwardedHeadersTest {

    private static final Map<String, String> FORGED = Map.of("X-Forwarded-Host", "attacker.example",
            "X-Forwarded-Proto", "https", "X-Forwarded-Port", "443", "Forwarded", "host=attacker.example;proto=https");

    @TestHTTPResource("/")
    URI site;

    @Test
    void aForgedForwardedHostFromAnUntrustedAddressChangesNoRedirect() throws IOException {
        assertThat(redirectUriOfSignIn(InetAddress.getByName("127.0.0.1"))).startsWith(site.resolve("/pages/")
                .toString());
    }

    @Test
    void theTrustedProxysForwardedHostNamesThePublicAddress() throws IOException {
        assertThat(redirectUriOfSignIn(InetAddress.getByName("127.0.0.2"))).startsWith("https://attacker.example/pages/");
    }

    /** The redirect_uri the site hands Keycloak when a person without a session opens a page. */
    private String redirectUriOfSignIn(InetAddress from) throws IOException {
        RawHttpExchange answer = RawHttpExchange.get(site, "/pages/fleet", from, FORGED);
        assertThat(answer.status()).isEqualTo(302);
        String location = answer.header("Location").orElseThrow();
        String encoded = location.replaceFirst(".*[?&]redirect_uri=([^&]*).*", "$1");
        return URLDecoder.decode(encoded, StandardCharsets.UTF_8);
    }
}
