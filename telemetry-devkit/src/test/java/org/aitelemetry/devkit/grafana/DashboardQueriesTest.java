package org.aitelemetry.devkit.grafana;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aitelemetry.devkit.LoopbackHttpServer;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.devkit.prometheus.PrometheusSettings;
import org.aitelemetry.devkit.prometheus.ScrapeTarget;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every query of every shipped dashboard returns data from a real Prometheus that scrapes the simulated fleet (both
 * label variants, plus a tenant forging the exporters' series), evaluates the shipped usage rules, and scrapes a
 * stand-in for the worker's /q/metrics ({@code grafana/worker-metrics.prom}: written from the worker's meter
 * registrations, not captured from a running worker). Template variables take the value with the most series, as a
 * person would pick a busy namespace, on each cluster in turn; Grafana's interval variables take a fixed minute.
 */
class DashboardQueriesTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String WINDOW = "1m";
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((.+),\\s*(\\w+)\\)");
    private static final Pattern UNRESOLVED = Pattern.compile("\\$\\{?[a-zA-Z_]");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    static Path workspaceDir;

    private static FleetSimulator simulator;
    private static LoopbackHttpServer worker;
    private static PrometheusComponent prometheus;

    @BeforeAll
    static void startFleetAndPrometheus() throws Exception {
        simulator = new FleetSimulator(FleetDefinition.generate(FleetSpec.builder(7).amdNodesPerCluster(1).build()));
        simulator.start();
        byte[] workerMetrics = Files.readAllBytes(Path.of(DashboardQueriesTest.class.getResource(
                "/grafana/worker-metrics.prom").toURI()));
        int workerPort = LoopbackPorts.free();
        worker = LoopbackHttpServer.start(workerPort, 1, "worker-metrics-stand-in", "/q/metrics",
                exchange -> serve(exchange, workerMetrics));
        List<ScrapeTarget> targets = new ArrayList<>(simulator.scrapeTargets());
        targets.addAll(simulator.tenantTargets());
        targets.add(new ScrapeTarget("telemetry-worker", "127.0.0.1:" + workerPort, "/q/metrics", Map.of()));
        prometheus = new PrometheusComponent(new Workspace(workspaceDir), PrometheusSettings.fast().withTargets(targets)
                .withRuleFiles(List.of(Path.of("..", "alertmanager", "rules", "gpu-usage.rules.yml")
                        .toAbsolutePath().normalize())));
        prometheus.start();
        // Rates over a minute need a few samples of every target, and the usage rules one evaluation.
        PrometheusApi api = new PrometheusApi(prometheus.url());
        api.awaitValue("count(count_over_time(up[1m]) >= 4)", targets.size(), PATIENCE);
        api.awaitValue("count(count_over_time(cluster_gpu_pod:DCGM_FI_DEV_FB_USED:max[1m]) >= 2) > bool 0", 1, PATIENCE);
    }

    @AfterAll
    static void stop() {
        if (prometheus != null) {
            prometheus.close();
        }
        if (worker != null) {
            worker.stop();
        }
        if (simulator != null) {
            simulator.close();
        }
    }

    static List<Dashboard> dashboards() {
        return Dashboard.shipped();
    }

    /** Once per cluster: hub-a labels its series as a native scrape does, hub-b as a federated one. */
    @ParameterizedTest
    @MethodSource("dashboards")
    void everyPanelQueryReturnsSeriesOnEveryCluster(Dashboard dashboard) throws Exception {
        List<String> clusters = new ArrayList<>();
        query("count by (cluster) (DCGM_FI_DEV_FB_FREE{job=\"" + FleetSimulator.DCGM_JOB + "\"})")
                .forEach(series -> clusters.add(series.path("metric").path("cluster").asText()));
        assertThat(clusters).containsExactlyInAnyOrder("hub-a", "hub-b");
        List<String> empty = new ArrayList<>();
        for (String cluster : clusters) {
            Map<String, String> values = resolveVariables(dashboard, cluster);
            for (JsonNode panel : dashboard.panels()) {
                for (JsonNode target : panel.path("targets")) {
                    String expr = substitute(target.path("expr").asText(), values);
                    assertThat(UNRESOLVED.matcher(expr).find()).as("unresolved variable in " + expr).isFalse();
                    if (query(expr).isEmpty()) {
                        empty.add(values + " " + panel.path("title").asText() + " [" + target.path("refId").asText()
                                + "]: " + expr);
                    }
                }
            }
        }
        assertThat(empty).as("panels without data").isEmpty();
    }

    /** The cluster as given; every further query variable, in order, the value of its label with the most series. */
    private static Map<String, String> resolveVariables(Dashboard dashboard, String cluster) throws Exception {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("cluster", cluster);
        for (JsonNode variable : dashboard.variables()) {
            String name = variable.path("name").asText();
            if (!"query".equals(variable.path("type").asText()) || values.containsKey(name)) {
                continue;
            }
            Matcher labelValues = LABEL_VALUES.matcher(variable.path("query").path("query").asText());
            assertThat(labelValues.matches()).as("variable " + name + " is label_values(series, label)").isTrue();
            String label = labelValues.group(2);
            JsonNode counts = query("sort_desc(count by (" + label + ") ("
                    + substitute(labelValues.group(1), values) + "))");
            assertThat(counts).as("values of " + name + " on " + cluster).isNotEmpty();
            values.put(name, counts.get(0).path("metric").path(label).asText());
        }
        return values;
    }

    private static String substitute(String promql, Map<String, String> values) {
        String result = promql.replace("$__rate_interval", WINDOW).replace("$__interval", WINDOW);
        for (Map.Entry<String, String> value : values.entrySet()) {
            result = result.replace("${" + value.getKey() + "}", value.getValue())
                    .replace("$" + value.getKey(), value.getValue());
        }
        return result;
    }

    private static JsonNode query(String promql) throws Exception {
        URI uri = URI.create(prometheus.url() + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        JsonNode response = JSON.readTree(HTTP.send(HttpRequest.newBuilder(uri).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertThat(response.path("status").asText()).as(promql + ": " + response.path("error").asText())
                .isEqualTo("success");
        return response.path("data").path("result");
    }

    private static void serve(HttpExchange exchange, byte[] body) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
