package org.aitelemetry.site.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.site.chart.ChartTarget.Cluster;
import org.junit.jupiter.api.Test;

/**
 * Every chart's PromQL, letter for letter, against {@code chart/chart-queries.txt}, for a cluster its source names as
 * its own and one it does not, with names that need quoting, and for NVIDIA and AMD GPUs (whole and partitioned): the
 * metric names, ceilings and label spellings come from the shared vocabulary, and a change to one of them must show
 * here. The rendering is left in {@code target/chart/chart-queries.txt} to review and copy.
 */
class ChartNameTest {

    private static final String EXPECTED = "chart/chart-queries.txt";
    private static final Path ACTUAL = Path.of("target", EXPECTED);
    private static final Cluster OWN = new Cluster(1, "east.1", "prom", true);
    private static final Cluster OTHER = new Cluster(2, "we\"st", "prom", false);
    private static final List<ChartTarget> TARGETS = List.of(new ChartTarget.Fleet(List.of(OWN, OTHER)), OWN, OTHER,
            new ChartTarget.Device("GPU-1", OWN, false, false), new ChartTarget.Device("GPU-2", OTHER, true, false),
            new ChartTarget.Device("AMD-692409005408", OWN, false, true),
            new ChartTarget.Device("AMD-7\"1", OTHER, true, true),
            new ChartTarget.Project(5, "nlp", OWN), new ChartTarget.Project(6, "vi\\sion", OTHER));

    @Test
    void everyChartQueryReadsAsWritten() throws IOException {
        List<String> rendered = new ArrayList<>();
        for (ChartName chart : ChartName.values()) {
            TARGETS.stream().filter(target -> isSubjectOf(chart, target)).forEach(target -> chart
                    .queries(target, Duration.ofSeconds(720)).forEach(query -> rendered.add(chart.id() + " | "
                            + query.legend() + " | " + query.cluster().name() + " | " + query.promql())));
        }

        Files.createDirectories(ACTUAL.getParent());
        Files.write(ACTUAL, rendered);
        assertThat(rendered).as("if the change is meant, copy " + ACTUAL + " over src/test/resources/" + EXPECTED)
                .containsExactlyElementsOf(expected());
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
        try (InputStream text = ChartNameTest.class.getResourceAsStream("/" + EXPECTED)) {
            return new String(text.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
