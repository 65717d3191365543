package org.aitelemetry.prometheus.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.aitelemetry.model.fleet.AuthMode;
import org.aitelemetry.prometheus.source.MetricSourcesConfig.SourceConfig;
import org.junit.jupiter.api.Test;

class SourceDefinitionTest {

    @Test
    void acceptsHttpAndHttpsUrls() {
        SourceDefinition thanos = SourceDefinition.from("thanos", config("https://thanos-querier.openshift-monitoring.svc:9091"));
        assertThat(thanos.url().getHost()).isEqualTo("thanos-querier.openshift-monitoring.svc");
        assertThat(SourceDefinition.from("local", config(" http://127.0.0.1:9090 ")).url().getPort()).isEqualTo(9090);
    }

    @Test
    void defaultClusterIsTheClusterLabelOrTheSourceName() {
        assertThat(SourceDefinition.from("hub", config("http://127.0.0.1:9090")).defaultCluster()).isEqualTo("hub");
    }

    @Test
    void rejectsOtherSchemesHostlessUrlsAndEmbeddedCredentials() {
        assertThatIllegalArgumentException().isThrownBy(() -> SourceDefinition.from("a", config("file:///etc/passwd")))
                .withMessageContaining("telemetry.sources.a.url must use http or https");
        assertThatIllegalArgumentException().isThrownBy(() -> SourceDefinition.from("b", config("prometheus:9090")))
                .withMessageContaining("must use http or https");
        assertThatIllegalArgumentException().isThrownBy(() -> SourceDefinition.from("c", config("http:///api")))
                .withMessageContaining("has no host");
        assertThatIllegalArgumentException().isThrownBy(() -> SourceDefinition.from("d", config("https://u:p@host")))
                .withMessageContaining("must not carry credentials");
        assertThatIllegalArgumentException().isThrownBy(() -> SourceDefinition.from("e", config("http://bad host")))
                .withMessageContaining("is not a URL");
    }

    private static SourceConfig config(String url) {
        return new UrlOnlySourceConfig(url);
    }

    /** A source configured with nothing but its URL, all else at the defaults. */
    private record UrlOnlySourceConfig(String url) implements SourceConfig {

        @Override
        public AuthMode authMode() {
            return AuthMode.NONE;
        }

        @Override
        public Optional<String> tenant() {
            return Optional.empty();
        }

        @Override
        public Optional<String> clusterLabel() {
            return Optional.empty();
        }

        @Override
        public Optional<Path> bearerTokenFile() {
            return Optional.empty();
        }

        @Override
        public Optional<String> oidcTokenUrl() {
            return Optional.empty();
        }

        @Override
        public Optional<String> oidcClientId() {
            return Optional.empty();
        }

        @Override
        public Optional<String> oidcClientSecret() {
            return Optional.empty();
        }

        @Override
        public Optional<String> tlsConfigurationName() {
            return Optional.empty();
        }

        @Override
        public Duration queryTimeout() {
            return Duration.ofSeconds(20);
        }

        @Override
        public int maxAttempts() {
            return 3;
        }
    }
}
