package org.aitelemetry.worker.promql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.devkit.prometheus.PrometheusSettings;
import org.aitelemetry.devkit.prometheus.TsdbBackfill;
import org.aitelemetry.prometheus.amd.AmdField;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aggregates an AMD session gets at close, against a real Prometheus holding device-metrics-exporter series
 * written with timestamps (promtool's backfill): a whole MI300X whose holder's labels change half-way, the CPX
 * partitions of another under the Helm chart's {@code amd_} names, an energy counter that a driver reload resets, and
 * a tenant's forged series of the same GPU (acceptance scenario 30) that must change nothing.
 */
class AmdSessionQueriesOnPrometheusTest {

    private static final Duration STEP = Duration.ofSeconds(15);
    private static final Duration SESSION = Duration.ofMinutes(10);
    private static final double WATTS = 500;
    private static final String EXPORTER = "job=\"amd-device-metrics-exporter\",namespace=\"kube-amd-gpu\","
            + "hostname=\"tw038\",card_series=\"AMD Instinct MI300X OAM\",";
    private static final String WHOLE = "serial_number=\"692409005408\",gpu_id=\"2\",gpu_partition_id=\"0\","
            + "gpu_memory_partition_type=\"nps1\",";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    private static PrometheusComponent prometheus;
    /** Samples every 15 s from 30 minutes before the session to 5 after; the session ends 10 minutes ago. */
    private static Instant end;
    private static long firstSample;

    private final AmdQueries queries = AmdExporterConfig.queries();
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void prometheusWithTheSeries() throws Exception {
        end = Instant.ofEpochSecond(Instant.now().minus(Duration.ofMinutes(10)).getEpochSecond() / 60 * 60);
        // Off the session's edges by 5 s, so that no sample sits on one and every window holds 40.
        firstSample = end.minus(SESSION).minus(Duration.ofMinutes(20)).getEpochSecond() + 5;
        long middle = end.minus(SESSION.dividedBy(2)).getEpochSecond();
        long reload = end.minus(Duration.ofMinutes(3)).getEpochSecond() + 5;
        StringBuilder text = new StringBuilder();
        family(text, "gpu_gfx_activity", List.of(
                series("{" + EXPORTER + WHOLE + "gpu_compute_partition_type=\"spx\",exported_pod=\"train-0\"}",
                        t -> t < middle ? "40" : null),
                series("{" + EXPORTER + WHOLE + "gpu_compute_partition_type=\"spx\",exported_pod=\"train-1\"}",
                        t -> t >= middle ? "80" : null),
                series("{job=\"tenant-app\",namespace=\"team-x\"," + WHOLE + "gpu_compute_partition_type=\"spx\"}",
                        t -> "100"),
                series("{job=\"amd-device-metrics-exporter\",namespace=\"team-x\"," + WHOLE
                        + "gpu_compute_partition_type=\"spx\",exported_pod=\"forged-0\"}", t -> "100")));
        family(text, "amd_gpu_gfx_activity", List.of(partition("3", "30"), partition("4", "90")));
        // µJ since the driver loaded; it reloads just after the sample at `reload` and counts from zero again.
        long perStep = (long) (WATTS * STEP.toSeconds() * 1e6);
        family(text, "amd_gpu_energy_consumed", List.of(
                series("{" + EXPORTER + WHOLE + "gpu_compute_partition_type=\"SPX\"}", t -> String.valueOf(t <= reload
                        ? 100_000_000_000_000L + (t - firstSample) / 15 * perStep : (t - reload) / 15 * perStep))));
        text.append("# EOF\n");
        Path file = Files.writeString(Files.createDirectories(dir.resolve("history")).resolve("amd.om"), text);
        TsdbBackfill backfill = new TsdbBackfill(dir.resolve("blocks"), 1);
        backfill.convert(file);
        backfill.awaitAll();
        prometheus = new PrometheusComponent(new Workspace(dir),
                PrometheusSettings.fast().withHistory(dir.resolve("blocks")));
        prometheus.start();
    }

    @AfterAll
    static void stop() {
        if (prometheus != null) {
            prometheus.close();
        }
    }

    @Test
    void aWholeGpusActivityIsTheMeanOfItsSamplesWhoeverHeldItAndNotTheTenants() throws Exception {
        assertThat(query(queries.sessionAverage("AMD-692409005408", null, SESSION)))
                .singleElement().satisfies(average -> assertThat(average).isCloseTo(60.0, within(1e-9)));
    }

    @Test
    void aPartitionsActivityIsItsOwnAndAPartitionedGpuHasNoWholeGpuFigure() throws Exception {
        assertThat(query(queries.sessionAverage("AMD-692409005500", 3, SESSION))).containsExactly(30.0);
        assertThat(query(queries.sessionAverage("AMD-692409005500", 4, SESSION))).containsExactly(90.0);
        assertThat(query(queries.sessionAverage("AMD-692409005500", null, SESSION))).isEmpty();
    }

    @Test
    void energyIsWhatTheGpuDrewAcrossADriverReload() throws Exception {
        assertThat(query(queries.sessionEnergy("AMD-692409005408", SESSION))).singleElement()
                .satisfies(microjoules -> assertThat(AmdField.ENERGY.toModelUnit(microjoules))
                        .isCloseTo(WATTS * SESSION.toSeconds(), within(1e-6)));
    }

    private static String partition(String id, String value) {
        return series("{" + EXPORTER + "serial_number=\"692409005500\",gpu_id=\"1" + id + "\",gpu_partition_id=\""
                + id + "\",gpu_compute_partition_type=\"CPX\",gpu_memory_partition_type=\"NPS4\"}", t -> value);
    }

    /**
     * One series' lines (OpenMetrics: no space between labels): its value at each sample time, none where {@code value}
     * gives null.
     */
    private static String series(String labels, LongFunction<String> value) {
        StringBuilder lines = new StringBuilder();
        for (long t = firstSample; t <= end.getEpochSecond() + 300; t += STEP.toSeconds()) {
            String sample = value.apply(t);
            if (sample != null) {
                lines.append("%s %s %d%n".formatted(labels, sample, t));
            }
        }
        return lines.toString();
    }

    private static void family(StringBuilder text, String name, List<String> series) {
        text.append("# TYPE ").append(name).append(" gauge\n");
        series.forEach(lines -> lines.lines().forEach(line -> text.append(name).append(line).append('\n')));
    }

    /** The values of an instant query at the session's end. */
    private List<Double> query(String promql) throws Exception {
        URI uri = URI.create(prometheus.url() + "/api/v1/query?time=" + end.getEpochSecond() + "&query="
                + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        JsonNode body = JSON.readTree(http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertThat(body.path("status").asText()).as(body.toString()).isEqualTo("success");
        List<Double> values = new ArrayList<>();
        body.path("data").path("result").forEach(result -> values.add(result.path("value").get(1).asDouble()));
        return values;
    }
}
