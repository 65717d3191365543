package org.aitelemetry.site.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.site.chart.ChartTarget.Cluster;
import org.junit.jupiter.api.Test;

/**
 * Every chart's PromQL, letter for letter, against {@code chart/chart-queries.txt}, for a cluster its source names as
 * its own and one it does not, with names that need quoting: the metric names, ceilings and label spellings come from
 * the shared vocabulary, and a change to one of them must show here.
 */
class ChartNameTest {

    private static final Cluster OWN = new Cluster(1, "east.1", "prom", true);
    private static final Cluster OTHER = new Cluster(2, "we\"st", "prom", false);
    private static final List<ChartTarget> TARGETS = List.of(new ChartTarget.Fleet(List.of(OWN, OTHER)), OWN, OTHER,
            new ChartTarget.Device("GPU-1", OWN, false), new ChartTarget.Device("GPU-2", OTHER, true),
            new ChartTarget.Project(5, "nlp", OWN), new ChartTarget.Project(6, "vi\\sion", OTHER));

    @Test
    void everyChartQueryReadsAsWritten() throws IOException {
        List<String> rendered = new ArrayList<>();
        for (ChartName chart : ChartName.values()) {
            TARGETS.stream().filter(target -> isSubjectOf(chart, target)).forEach(target -> chart
                    .queries(target, Duration.ofSeconds(720)).forEach(query -> rendered.add(chart.id() + " | "
                            + query.legend() + " | " + query.cluster().name() + " | " + query.promql())));
        }

        assertThat(rendered).containsExactlyElementsOf(expected());
    }

    private static boolean isSubjectOf(ChartName chart, ChartTarget target) {
        return switch (chart.subject()) {
            case FLEET -> target instanceof ChartTarget.Fleet;
            case CLUSTER -> target instanceof Cluster;
            case DEVICE -> target instanceof ChartTarget.Device;
            case PROJECT -> target instanceof ChartTarget.Project;
        };
    }

    private static List<String> expected() throws IOException {
        try (InputStream text = ChartNameTest.class.getResourceAsStream("/chart/chart-queries.txt")) {
            return new String(text.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
