package org.aitelemetry.devkit.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.Workspace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrometheusComponentTest {

    @TempDir
    Path workspaceDir;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void startsReadyRestartsOnItsPortAndLeavesNoProcessBehind() throws Exception {
        PrometheusComponent prometheus = new PrometheusComponent(new Workspace(workspaceDir), PrometheusSettings.fast());
        prometheus.start();
        long firstPid = prometheus.pid();
        int port = prometheus.port();
        assertThat(status(prometheus.url() + "/-/ready")).isEqualTo(200);
        assertThat(prometheus.url()).isEqualTo("http://127.0.0.1:" + port);

        prometheus.stop();
        awaitGone(firstPid);
        prometheus.start();
        long secondPid = prometheus.pid();
        assertThat(prometheus.port()).isEqualTo(port);
        assertThat(status(prometheus.url() + "/-/ready")).isEqualTo(200);

        prometheus.close();
        awaitGone(secondPid);
        assertThat(prometheus.isRunning()).isFalse();
        assertThat(workspaceDir.resolve("prometheus/data")).doesNotExist();
        assertThat(workspaceDir.resolve("prometheus/config")).doesNotExist();
        assertThat(workspaceDir.resolve("prometheus/prometheus.log")).content().contains("See you next time!");
    }

    @Test
    void rendersScrapeJobsRulesAndTlsAsPrometheusExpects() throws Exception {
        PrometheusSettings settings = PrometheusSettings.fast()
                .withIntervals(Duration.ofMillis(500), Duration.ofSeconds(15))
                .withTargets(List.of(
                        new ScrapeTarget("dcgm-exporter", "127.0.0.1:9400", "/metrics/hub-a/dcgm", Map.of("cluster", "hub-a")),
                        new ScrapeTarget("dcgm-exporter", "127.0.0.1:9400", "/metrics/hub-b/dcgm", Map.of("cluster", "hub-b"))));

        String yml = PrometheusConfigFiles.prometheusYml(settings, List.of("rules/1-gpu.yml"));
        ServerTls tls = ServerTls.mutual(Path.of("/pki/s.crt"), Path.of("/pki/s.key"), Path.of("/pki/ca.crt"));
        String web = PrometheusConfigFiles.webYml(tls);

        assertThat(yml).contains("scrape_interval: 500ms", "scrape_timeout: 500ms", "evaluation_interval: 15s",
                "  - \"rules/1-gpu.yml\"", "honor_labels: true", "__metrics_path__: \"/metrics/hub-b/dcgm\"",
                "cluster: \"hub-a\"");
        assertThat(yml.split("job_name:", -1)).as("one job for both clusters").hasSize(2);
        assertThat(web).contains("client_auth_type: \"RequireAndVerifyClientCert\"", "client_ca_file: \"/pki/ca.crt\"");
        Files.createDirectories(workspaceDir.resolve("rules"));
        Files.writeString(workspaceDir.resolve("rules/1-gpu.yml"),
                "groups: [{name: gpu, rules: [{record: gpus, expr: vector(1)}]}]\n");
        Path config = Files.writeString(workspaceDir.resolve("prometheus.yml"), yml);
        assertThat(new ProcessBuilder("promtool", "check", "config", config.toString()).inheritIO().start().waitFor()).isZero();
    }

    private int status(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    static void awaitGone(long pid) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && Instant.now().isBefore(deadline)) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("prometheus %d still alive", pid).isEmpty();
    }
}
