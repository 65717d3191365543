package org.aitelemetry.worker.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Optional;
import org.aitelemetry.model.fleet.AuthMode;
import org.aitelemetry.worker.config.WorkerConfig.SourceConfig;
import org.junit.jupiter.api.Test;

class SourceDefinitionTest {

    @Test
    void acceptsHttpAndHttpsUrls() {
        SourceDefinition thanos = SourceDefinition.from("thanos", config("https://thanos-querier.openshift-monitoring.svc:9091"));
        assertThat(thanos.url().getHost()).isEqualTo("thanos-querier.openshift-monitoring.svc");
        assertThat(SourceDefinition.from("local", config(" http://127.0.0.1:9090 ")).url().getPort()).isEqualTo(9090);
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
        return new SourceConfig() {
            @Override
            public String url() {
                return url;
            }

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
        };
    }
}
