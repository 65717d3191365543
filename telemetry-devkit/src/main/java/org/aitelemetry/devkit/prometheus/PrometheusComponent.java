package org.aitelemetry.devkit.prometheus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.aitelemetry.devkit.FileTrees;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.process.LogReadiness;
import org.aitelemetry.devkit.process.ManagedProcess;
import org.aitelemetry.devkit.process.ServerProcessComponent;

/**
 * A real Prometheus server (the Debian package, {@code bin/setup-debian} installs it) on a free loopback port, with a
 * generated configuration and its TSDB under the {@link Workspace}. Port and data survive {@link #stop()}.
 *
 * <p>Prometheus 2.42 hands targets to its scrapers on a fixed 5-second tick, so the first samples arrive about 5 s
 * (at worst 10 s) after {@link #start()} returns; tests wait for their query to answer rather than for a fixed time.
 */
public final class PrometheusComponent extends ServerProcessComponent {

    public static final Path BINARY = Path.of("/usr/bin/prometheus");

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    /**
     * Prometheus logs this line right after it turns {@code /-/ready} to 200. Watching the log works the same with
     * mutual TLS, where polling {@code /-/ready} would need a client certificate.
     */
    private static final String READY_LOG_LINE = "Server is ready to receive web requests.";

    private static final String HISTORY_RETENTION = "90d";

    private final PrometheusSettings settings;

    public PrometheusComponent(Workspace workspace, String name, PrometheusSettings settings) {
        super(workspace, name, BINARY);
        this.settings = settings;
    }

    public PrometheusComponent(Workspace workspace, PrometheusSettings settings) {
        this(workspace, "prometheus", settings);
    }

    /** {@code https://…} when the settings carry TLS; the port is known once started. */
    public String url() {
        return (settings.tls().isPresent() ? "https" : "http") + "://127.0.0.1:" + port();
    }

    /** Writes the configuration files and returns the flags that point at them. */
    private List<String> writeConfiguration() throws IOException {
        Path configDir = configDir();
        FileTrees.deleteRecursively(configDir);
        Files.createDirectories(configDir.resolve("rules"));
        List<String> ruleFileNames = new ArrayList<>();
        for (Path ruleFile : settings.ruleFiles()) {
            // Numbered, so two rule files with the same name from different folders do not overwrite each other.
            String copy = "rules/" + (ruleFileNames.size() + 1) + "-" + ruleFile.getFileName();
            Files.copy(ruleFile, configDir.resolve(copy));
            ruleFileNames.add(copy);
        }
        Path configFile = configDir.resolve("prometheus.yml");
        Files.writeString(configFile, PrometheusConfigFiles.prometheusYml(settings, ruleFileNames));
        List<String> flags = new ArrayList<>(List.of("--config.file=" + configFile));
        if (settings.tls().isPresent()) {
            Path webConfig = configDir.resolve("web.yml");
            Files.writeString(webConfig, PrometheusConfigFiles.webYml(settings.tls().get()));
            flags.add("--web.config.file=" + webConfig);
        }
        return flags;
    }

    @Override
    protected List<String> command() throws IOException {
        List<String> command = new ArrayList<>();
        command.add(BINARY.toString());
        command.addAll(writeConfiguration());
        moveHistoryIntoData();
        command.add("--storage.tsdb.path=" + dataDir());
        if (settings.history().isPresent()) {
            // Retention counts back from the newest block: the default 15 days would drop a longer past at once.
            command.add("--storage.tsdb.retention.time=" + HISTORY_RETENTION);
        }
        command.add("--web.listen-address=127.0.0.1:" + port());
        command.add("--web.external-url=" + url());
        if (!settings.alertmanagers().isEmpty()) {
            command.add("--rules.alert.resend-delay=" + settings.evaluationInterval().toMillis() + "ms");
        }
        return command;
    }

    /** Blocks of a simulated past become part of the TSDB when they lie in its folder as Prometheus starts. */
    private void moveHistoryIntoData() throws IOException {
        if (settings.history().isEmpty() || !Files.isDirectory(settings.history().get())) {
            return;
        }
        Files.createDirectories(dataDir());
        try (Stream<Path> blocks = Files.list(settings.history().get())) {
            for (Path block : blocks.toList()) {
                Files.move(block, dataDir().resolve(block.getFileName()));
            }
        }
    }

    @Override
    protected void awaitReady(ManagedProcess started, long logOffset) throws IOException, InterruptedException {
        LogReadiness.await(started, logFile(), logOffset, READY_LOG_LINE, READY_TIMEOUT);
    }
}
