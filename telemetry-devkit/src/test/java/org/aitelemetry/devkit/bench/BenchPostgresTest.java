package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class BenchPostgresTest {

    static Stream<Arguments> settings() {
        return Stream.of(
                Arguments.of("shared_buffers=1GB", Map.of("shared_buffers", "1GB")),
                Arguments.of("shared_buffers=1GB, work_mem = 8MB", Map.of("shared_buffers", "1GB", "work_mem", "8MB")),
                Arguments.of("", Map.of()),
                Arguments.of("  ", Map.of()));
    }

    @ParameterizedTest
    @MethodSource("settings")
    void readsNameValuePairs(String property, Map<String, String> expected) {
        assertThat(BenchPostgres.parse(property)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"shared_buffers", "=1GB", "shared_buffers=", "shared_buffers=1GB,,work_mem=8MB"})
    void refusesWhatIsNotNameValue(String property) {
        assertThatThrownBy(() -> BenchPostgres.parse(property)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not name=value");
    }
}
