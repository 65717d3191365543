package org.aitelemetry.prometheus.kube;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.prometheus.Series;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which cluster and namespace a series belongs to, whatever ACM and federation did to its labels. */
class LabelVariantsTest {

    private final LabelVariants labels = new LabelVariants("hub");

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            east          | east
            local-cluster | hub
            -             | hub
            ''            | hub
            """)
    void seriesOfNoOtherClusterBelongToTheSourcesOwn(String cluster, String expected) {
        Map<String, String> set = new HashMap<>();
        if (cluster != null) {
            set.put(KubeLabel.CLUSTER, cluster);
        }
        assertThat(labels.cluster(new Series(set, List.of()))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            nlp                 | -      | nlp
            monitoring          | vision | vision
            -                   | vision | vision
            -                   | -      | -
            """)
    void aFederatedNamespaceWinsOverThePlainOne(String plain, String exported, String expected) {
        Map<String, String> set = new HashMap<>();
        if (plain != null) {
            set.put(KubeLabel.NAMESPACE, plain);
        }
        if (exported != null) {
            set.put(KubeLabel.EXPORTED_NAMESPACE, exported);
        }
        assertThat(labels.namespace(new Series(set, List.of())).orElse(null)).isEqualTo(expected);
    }
}
