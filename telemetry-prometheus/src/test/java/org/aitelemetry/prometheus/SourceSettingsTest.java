package org.aitelemetry.prometheus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.aitelemetry.model.fleet.AuthMode;
import org.junit.jupiter.api.Test;

class SourceSettingsTest {

    static final URI THANOS = URI.create("https://thanos-querier.openshift-monitoring.svc:9091");

    @Test
    void onlyHttpAndHttpsUrlsAreAccepted() {
        assertThatThrownBy(() -> SourceSettings.of("files", URI.create("file:///etc/passwd")))
                .hasMessage("source 'files': url must be an absolute http or https URL, not 'file:'");
        assertThatThrownBy(() -> SourceSettings.of("relative", URI.create("/api/v1/query")))
                .hasMessageContaining("absolute http or https");
        assertThat(SourceSettings.of("upper", URI.create("HTTPS://thanos.example")).baseUrl()).hasScheme("HTTPS");
    }

    @Test
    void urlWithCredentialsIsRejectedWithoutEchoingThem() {
        assertThatThrownBy(() -> SourceSettings.of("leaky", URI.create("https://admin:hunter2@thanos.example")))
                .hasMessageContaining("must not carry credentials")
                .message().doesNotContain("hunter2");
    }

    @Test
    void eachAuthModeNeedsItsOwnSettingAndNoOther() {
        assertThatThrownBy(() -> settings(AuthMode.BEARER_FILE, Optional.empty(), Optional.empty(), Optional.empty()))
                .hasMessage("source 'thanos': bearer-token-file is required with auth-mode BEARER_FILE");
        assertThatThrownBy(() -> settings(AuthMode.OIDC_CLIENT_CREDENTIALS, Optional.empty(), Optional.empty(),
                Optional.empty()))
                .hasMessage("source 'thanos': oidc settings is required with auth-mode OIDC_CLIENT_CREDENTIALS");
        assertThatThrownBy(() -> settings(AuthMode.MTLS, Optional.empty(), Optional.empty(), Optional.empty()))
                .hasMessageContaining("auth-mode MTLS needs a tls-configuration-name");
        assertThatThrownBy(() -> settings(AuthMode.NONE, Optional.of(Path.of("/var/run/token")), Optional.empty(),
                Optional.empty()))
                .hasMessage("source 'thanos': bearer-token-file is only used with auth-mode BEARER_FILE, not NONE");
    }

    @Test
    void tlsConfigurationNeedsHttps() {
        assertThatThrownBy(() -> SourceSettings.of("plain", URI.create("http://prometheus:9090")).withMtls("client"))
                .hasMessage("source 'plain': a tls-configuration-name needs an https url");
        assertThat(SourceSettings.of("thanos", THANOS).withBearerTokenFile(Path.of("/var/run/token"))
                .withTlsConfiguration("service-ca").authMode()).isEqualTo(AuthMode.BEARER_FILE);
    }

    @Test
    void tenantMustBeAPlainName() {
        assertThatThrownBy(() -> SourceSettings.of("obs", THANOS).withTenant("../admin"))
                .hasMessage("source 'obs': tenant '../admin' is not a plain name");
    }

    @Test
    void timeoutAndAttemptsAreBounded() {
        assertThatThrownBy(() -> SourceSettings.of("thanos", THANOS).withQueryTimeout(Duration.ofMillis(10)))
                .hasMessageContaining("at least 100 ms");
        assertThatThrownBy(() -> SourceSettings.of("thanos", THANOS).withMaxAttempts(0))
                .hasMessageContaining("between 1 and 10");
    }

    @Test
    void serverTimeoutIsShorterThanTheClientDeadline() {
        assertThat(SourceSettings.of("thanos", THANOS).serverTimeout()).isEqualTo(Duration.ofSeconds(24));
    }

    @Test
    void apiRootCarriesBasePathAndTenant() {
        assertThat(SourceSettings.of("thanos", THANOS).apiRoot())
                .isEqualTo("https://thanos-querier.openshift-monitoring.svc:9091/api/v1/");
        URI gateway = URI.create("https://observatorium.example/gw/");
        assertThat(SourceSettings.of("obs", gateway).withTenant("rhacm").apiRoot())
                .isEqualTo("https://observatorium.example/gw/api/metrics/v1/rhacm/api/v1/");
    }

    @Test
    void oidcSecretStaysOutOfToString() {
        URI tokenUrl = URI.create("https://sso.example/token");
        OidcSettings oidc = new OidcSettings(tokenUrl, "worker", "s3cret", Optional.empty());

        assertThat(SourceSettings.of("thanos", THANOS).withOidc(oidc).toString()).doesNotContain("s3cret");
    }

    private static SourceSettings settings(AuthMode mode, Optional<Path> tokenFile, Optional<OidcSettings> oidc,
            Optional<String> tls) {
        return new SourceSettings("thanos", THANOS, mode, Optional.empty(), tokenFile, oidc, tls,
                SourceSettings.DEFAULT_QUERY_TIMEOUT, SourceSettings.DEFAULT_MAX_ATTEMPTS);
    }
}
