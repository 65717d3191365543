package org.aitelemetry.devkit.alertmanager;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.aitelemetry.devkit.Component;
import org.aitelemetry.devkit.FileTrees;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.process.HttpReadiness;
import org.aitelemetry.devkit.process.ManagedProcess;

/**
 * A real Alertmanager (Debian's 0.25, {@code bin/setup-debian} installs it) on a free loopback port, with a generated
 * configuration and its data under the {@link Workspace}, posting every alert to the webhooks of its
 * {@link AlertmanagerSettings}. Clustering is off ({@code --cluster.listen-address=}), so no gossip port is opened.
 *
 * <p>Port, silences and the notification log survive {@link #stop()}; alerts do not (Alertmanager keeps them in memory
 * and relies on Prometheus re-sending them), which is what a restart in production looks like too.
 */
public final class AlertmanagerComponent implements Component {

    public static final Path BINARY = Path.of("/usr/bin/prometheus-alertmanager");

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private final Workspace workspace;
    private final String name;
    private final AlertmanagerSettings settings;
    private final Path configDir;
    private final Path dataDir;
    private int port;
    private ManagedProcess process;

    public AlertmanagerComponent(Workspace workspace, String name, AlertmanagerSettings settings) {
        this.workspace = workspace;
        this.name = name;
        this.settings = settings;
        this.configDir = workspace.dir(name).resolve("config");
        this.dataDir = workspace.dir(name).resolve("data");
    }

    public AlertmanagerComponent(Workspace workspace, AlertmanagerSettings settings) {
        this(workspace, "alertmanager", settings);
    }

    @Override
    public String name() {
        return name;
    }

    /** {@code 127.0.0.1:<port>}: the target a Prometheus {@code alerting.alertmanagers} entry needs. */
    public String address() {
        return "127.0.0.1:" + port;
    }

    public String url() {
        return "http://" + address();
    }

    public int port() {
        return port;
    }

    public AlertmanagerApi api() {
        return new AlertmanagerApi(url());
    }

    public Path logFile() {
        return workspace.logFile(name);
    }

    public synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Process id of the running server, e.g. to kill it without a clean shutdown. */
    public synchronized long pid() {
        if (process == null) {
            throw new IllegalStateException(name + " is not running");
        }
        return process.pid();
    }

    @Override
    public synchronized void start() throws IOException, InterruptedException {
        if (isRunning()) {
            return;
        }
        if (!Files.isExecutable(BINARY)) {
            throw new IllegalStateException(BINARY + " is missing: run bin/setup-debian");
        }
        if (port == 0) {
            // First start of this component: whatever a crashed earlier run left in the folder is not ours to reuse.
            FileTrees.deleteRecursively(dataDir);
            port = LoopbackPorts.free();
        }
        Path configFile = writeConfiguration();
        process = ManagedProcess.start(name, List.of(BINARY.toString(),
                "--config.file=" + configFile,
                "--storage.path=" + dataDir,
                "--web.listen-address=" + address(),
                "--web.external-url=" + url(),
                "--cluster.listen-address="), logFile());
        awaitReady();
    }

    @Override
    public synchronized void stop() {
        if (process != null) {
            process.stop(10);
            process = null;
        }
    }

    @Override
    public synchronized void close() {
        stop();
        FileTrees.deleteRecursively(dataDir);
        FileTrees.deleteRecursively(configDir);
    }

    private Path writeConfiguration() throws IOException {
        Files.createDirectories(configDir);
        Files.createDirectories(dataDir);
        return Files.writeString(configDir.resolve("alertmanager.yml"), AlertmanagerConfigFile.alertmanagerYml(settings));
    }

    /** Waits for {@code /-/ready}, which answers 200 once the configuration is loaded and the API serves. */
    private void awaitReady() throws InterruptedException {
        try {
            HttpReadiness.await(process, URI.create(url() + "/-/ready"), READY_TIMEOUT, logFile());
        } catch (IllegalStateException notReady) {
            stop();
            throw notReady;
        }
    }
}
