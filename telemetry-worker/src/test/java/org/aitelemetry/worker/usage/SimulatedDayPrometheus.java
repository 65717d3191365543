package org.aitelemetry.worker.usage;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.aitelemetry.devkit.FileTrees;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.process.ManagedProcess;

/**
 * Real Prometheus serving the {@link SimulatedDay}, or several in a row (init argument {@value #DAYS}): the days are
 * written as OpenMetrics, backfilled into a fresh data folder with {@code promtool tsdb create-blocks-from
 * openmetrics}, and served on a free loopback port as the metric source {@value #SOURCE}. Backfilled blocks carry no
 * staleness markers, so a series that ends (a pod leaving a GPU) would linger for the default five-minute look-back
 * where a live scrape marks it stale at once; a look-back shorter than the one-minute sample interval stands in for
 * those markers.
 */
public class SimulatedDayPrometheus implements QuarkusTestResourceLifecycleManager {

    static final String SOURCE = "simulated";
    /** Init argument: how many days of the {@link SimulatedDay}, one after the other, Prometheus holds (1). */
    static final String DAYS = "days";

    private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");
    private static final String READY_LOG_LINE = "Server is ready to receive web requests.";
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private Path dir;
    private ManagedProcess prometheus;
    private int days = 1;

    @Override
    public void init(Map<String, String> initArgs) {
        days = Integer.parseInt(initArgs.getOrDefault(DAYS, "1"));
    }

    @Override
    public Map<String, String> start() {
        Workspace workspace = Workspace.fromSystemProperties();
        dir = workspace.dir("usage-prometheus");
        Path log = workspace.logFile("usage-prometheus");
        try {
            FileTrees.deleteRecursively(dir.resolve("data"));
            Path series = Files.writeString(dir.resolve("day.om"), SimulatedDay.openMetrics(days));
            backfill(series, log);
            Path config = Files.writeString(dir.resolve("prometheus.yml"), "scrape_configs: []\n");
            int port = LoopbackPorts.free();
            long logOffset = Files.size(log);
            prometheus = ManagedProcess.start("usage-prometheus", List.of(PROMETHEUS.toString(),
                    "--config.file=" + config, "--storage.tsdb.path=" + dir.resolve("data"),
                    "--web.listen-address=127.0.0.1:" + port, "--query.lookback-delta=30s"), log);
            awaitReady(log, logOffset);
            // The day's GPUs are labelled as the fleet simulator's: one of them honours labels, as hub-a does.
            Map<String, String> appConfig = new HashMap<>(FleetSimulator.workerExporterConfig());
            appConfig.put("telemetry.sources." + SOURCE + ".url", "http://127.0.0.1:" + port);
            return appConfig;
        } catch (IOException e) {
            throw new IllegalStateException("cannot prepare the simulated day's Prometheus under " + dir, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting Prometheus", e);
        }
    }

    @Override
    public void stop() {
        if (prometheus != null) {
            prometheus.stop(10);
        }
        FileTrees.deleteRecursively(dir);
    }

    private void backfill(Path series, Path log) throws IOException, InterruptedException {
        // Day-long blocks: with the default of two hours promtool reads the whole file once per block.
        Process promtool = new ProcessBuilder(PROMTOOL.toString(), "tsdb", "create-blocks-from", "openmetrics",
                "--max-block-duration=24h", series.toString(), dir.resolve("data").toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        if (!promtool.waitFor(60, TimeUnit.SECONDS) || promtool.exitValue() != 0) {
            promtool.destroyForcibly();
            throw new IllegalStateException("promtool could not backfill " + series + "; see " + log);
        }
    }

    private void awaitReady(Path log, long offset) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(READY_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            byte[] bytes = Files.readAllBytes(log);
            String since = new String(bytes, (int) offset, bytes.length - (int) offset, StandardCharsets.UTF_8);
            if (since.contains(READY_LOG_LINE)) {
                return;
            }
            if (!prometheus.isAlive()) {
                throw new IllegalStateException("Prometheus exited during start; see " + log);
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("Prometheus not ready within " + READY_TIMEOUT.toSeconds() + " s; see " + log);
    }
}
