package org.aitelemetry.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What run-java.sh is handed: the options, then the configuration as system properties; no cache on request. */
class RunJavaEnvironmentTest {

    @Test
    void optionsComeFirstThenTheConfigurationAsSystemProperties() {
        List<String> environment = RunJavaEnvironment.of(List.of("-Xmx96m", "-XX:+UseSerialGC"),
                new TreeMap<>(Map.of("quarkus.http.port", "8081", "telemetry.sync.every", "2s")), true);

        assertThat(environment).containsExactly("JAVA_OPTS_APPEND=-Xmx96m -XX:+UseSerialGC -Dquarkus.http.port=8081"
                + " -Dtelemetry.sync.every=2s");
    }

    @Test
    void withoutTheCacheRunJavaIsToldSo() {
        assertThat(RunJavaEnvironment.of(List.of(), Map.of(), false)).containsExactly("JAVA_OPTS_APPEND=",
                "AOT_CACHE=none");
    }

    @Test
    void aValueRunJavaWouldSplitIsRefused() {
        assertThatThrownBy(() -> RunJavaEnvironment.of(List.of(), Map.of("telemetry.title", "GPU fleet"), true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("telemetry.title=GPU fleet");
    }
}
