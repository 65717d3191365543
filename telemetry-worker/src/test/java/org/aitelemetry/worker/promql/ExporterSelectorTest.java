package org.aitelemetry.worker.promql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.aitelemetry.worker.config.WorkerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How a configured exporter becomes label matchers, and which values are refused before any query is built. */
class ExporterSelectorTest {

    private static final String PROPERTY = "telemetry.exporters.dcgm";

    private record Setting(String job, String namespace) implements WorkerConfig.Exporter {
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            nvidia-dcgm-exporter | nvidia-gpu-operator | job="nvidia-dcgm-exporter", namespace="nvidia-gpu-operator"
            kube-state-metrics   | *                   | job="kube-state-metrics"
            dcgm-exporter        | gpu-operator        | job="dcgm-exporter", namespace="gpu-operator"
            monitoring/dcgm:9400 | a                   | job="monitoring/dcgm:9400", namespace="a"
            _federate            | *                   | job="_federate"
            """)
    void acceptedValuesBecomeQuotedMatchers(String job, String namespace, String matchers) {
        ExporterSelector selector = ExporterSelector.of(PROPERTY, new Setting(job, namespace));

        assertThat(selector.matchers()).isEqualTo(matchers);
        assertThat(selector.select("DCGM_FI_DEV_FB_USED", "GPU_I_ID=\"\"")).isEqualTo(
                "DCGM_FI_DEV_FB_USED{" + matchers + ", GPU_I_ID=\"\"}");
    }

    /** Each refused value would otherwise end the string it is placed in, widen the match, or match nothing. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            'x"} or DCGM_FI_DEV_FB_USED{job=~".+'  | nvidia-gpu-operator | .job must be a scrape job name
            'nvidia-dcgm-exporter\\'               | nvidia-gpu-operator | .job must be a scrape job name
            '.*'                                   | nvidia-gpu-operator | .job must be a scrape job name
            'nvidia dcgm'                          | nvidia-gpu-operator | .job must be a scrape job name
            ' '                                    | nvidia-gpu-operator | .job must be a scrape job name
            'nvidia-dcgm-exporter'                 | 'ops", job=~".*'    | .namespace must be a Kubernetes namespace
            'nvidia-dcgm-exporter'                 | 'Team-A'            | .namespace must be a Kubernetes namespace
            'nvidia-dcgm-exporter'                 | '-team'             | .namespace must be a Kubernetes namespace
            'nvidia-dcgm-exporter'                 | 'team*'             | .namespace must be a Kubernetes namespace
            'nvidia-dcgm-exporter'                 | 'team.a'            | .namespace must be a Kubernetes namespace
            """)
    void unsafeOrImpossibleValuesAreRefusedNamingTheProperty(String job, String namespace, String message) {
        assertThatThrownBy(() -> ExporterSelector.of(PROPERTY, new Setting(job, namespace)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(PROPERTY + message)
                .hasMessageEndingWith(", not \"" + (message.startsWith(".job") ? job : namespace) + "\"");
    }

    @Test
    void namesUpToTheirKubernetesLengthsAreAcceptedAndLongerOnesRefused() {
        assertThat(ExporterSelector.of(PROPERTY, new Setting("j".repeat(253), "n".repeat(63))).namespace())
                .hasValue("n".repeat(63));
        assertThatThrownBy(() -> ExporterSelector.of(PROPERTY, new Setting("j".repeat(254), "*")))
                .hasMessageContaining(".job must be");
        assertThatThrownBy(() -> ExporterSelector.of(PROPERTY, new Setting("job", "n".repeat(64))))
                .hasMessageContaining(".namespace must be");
    }

    @Test
    void controlCharactersShowEscapedInTheMessage() {
        assertThatThrownBy(() -> ExporterSelector.of(PROPERTY, new Setting("line\nbreak", "*")))
                .hasMessageEndingWith("not \"line\\u000abreak\"");
        assertThatThrownBy(() -> ExporterSelector.of(PROPERTY, new Setting("nvidia-dcgm-exporter", "ops\u0007")))
                .hasMessageEndingWith("not \"ops\\u0007\"");
    }
}
