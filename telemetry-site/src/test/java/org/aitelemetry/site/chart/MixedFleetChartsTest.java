package org.aitelemetry.site.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.aitelemetry.devkit.prometheus.TsdbBackfill;
import org.aitelemetry.site.chart.ChartTarget.Cluster;
import org.aitelemetry.site.chart.ChartTarget.Device;
import org.aitelemetry.site.chart.ChartTarget.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The charts' PromQL evaluated by Prometheus' own engine ({@code promtool test rules}) over a mixed fleet
 * ({@code chart/mixed-fleet-series.yml}): an NVIDIA GPU, an AMD GPU in SPX mode whose bare temperature is an old
 * exporter's sentinel (its {@code amd_}-prefixed twin is real), and an MI300X in CPX mode whose eight partitions all
 * repeat the board's power, half held by {@code nlp}. Fleet and cluster lines take both vendors, one value per GPU;
 * an AMD GPU's own charts read AMD's fields, the board's figures once; project lines count what the project holds.
 */
class MixedFleetChartsTest {

    private static final Cluster EAST = new Cluster(1, "east.1", "prom", true);
    private static final Device WHOLE = new Device("AMD-S1", EAST, false, true);
    private static final Device CPX = new Device("AMD-692409005408", EAST, true, true);
    private static final Project NLP = new Project(5, "nlp", EAST);
    private static final Duration STEP = Duration.ofSeconds(720);

    @TempDir
    Path dir;

    @Test
    void prometheusReadsTheMixedFleetAsThePagesSayIt() throws Exception {
        StringBuilder tests = new StringBuilder();
        expect(tests, ChartName.FLEET_UTILIZATION, new ChartTarget.Fleet(List.of(EAST)), 0, 45);
        expect(tests, ChartName.CLUSTER_UTILIZATION, EAST, 1, 60);
        expect(tests, ChartName.FLEET_POWER, new ChartTarget.Fleet(List.of(EAST)), 0, 1500);
        expect(tests, ChartName.DEVICE_UTILIZATION, CPX, 0, 45);
        expect(tests, ChartName.DEVICE_UTILIZATION, WHOLE, 0, 30);
        expect(tests, ChartName.DEVICE_MEMORY, CPX, 0, 8000);
        expect(tests, ChartName.DEVICE_POWER, CPX, 0, 700);
        expect(tests, ChartName.DEVICE_TEMPERATURE, WHOLE, 0, 70);
        expect(tests, ChartName.DEVICE_TEMPERATURE, CPX, 1, 80);
        expect(tests, ChartName.DEVICE_ENERGY, WHOLE, 0, 12);
        expect(tests, ChartName.PROJECT_UTILIZATION, NLP, 0, 32);
        expect(tests, ChartName.PROJECT_GPUS, NLP, 0, 5);
        expect(tests, ChartName.PROJECT_GPUS, NLP, 1, 5);
        expect(tests, ChartName.PROJECT_POWER, NLP, 0, 1000);
        Path file = dir.resolve("charts-test.yml");
        Files.writeString(file, series() + tests, StandardCharsets.UTF_8);

        Process promtool = new ProcessBuilder(TsdbBackfill.PROMTOOL.toString(), "test", "rules", file.toString())
                .redirectErrorStream(true).start();
        String output = new String(promtool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(promtool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(promtool.exitValue()).as(output).isZero();
    }

    /** The chart's line evaluated at minute 20 is one sample of the value, without labels. */
    private static void expect(StringBuilder tests, ChartName chart, ChartTarget target, int line, double value) {
        String promql = chart.queries(target, STEP).get(line).promql();
        assertThat(promql).doesNotContain("'");
        // avg is an incremental mean whose last bit depends on the order Prometheus visits the series (45 came back
        // 45.000000000000001 once): whole expected values are compared to the nearest integer.
        String evaluated = value == Math.rint(value) ? "round(" + promql + ")" : promql;
        tests.append("      - expr: '").append(evaluated).append("'\n")
                .append("        eval_time: 20m\n")
                .append("        exp_samples:\n")
                .append("          - labels: '{}'\n")
                .append("            value: ").append(value).append('\n');
    }

    private static String series() throws IOException {
        try (InputStream in = MixedFleetChartsTest.class.getResourceAsStream("/chart/mixed-fleet-series.yml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
