package org.aitelemetry.devkit.alertmanager;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.process.HttpReadiness;
import org.aitelemetry.devkit.process.ManagedProcess;
import org.aitelemetry.devkit.process.ServerProcessComponent;

/**
 * A real Alertmanager (Debian's 0.25, {@code bin/setup-debian} installs it) on a free loopback port, with a generated
 * configuration and its data under the {@link Workspace}, posting every alert to the webhooks of its
 * {@link AlertmanagerSettings}. Clustering is off ({@code --cluster.listen-address=}), so no gossip port is opened.
 *
 * <p>Port, silences and the notification log survive {@link #stop()}; alerts do not (Alertmanager keeps them in memory
 * and relies on Prometheus re-sending them), which is what a restart in production looks like too.
 */
public final class AlertmanagerComponent extends ServerProcessComponent {

    public static final Path BINARY = Path.of("/usr/bin/prometheus-alertmanager");

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private final AlertmanagerSettings settings;

    public AlertmanagerComponent(Workspace workspace, String name, AlertmanagerSettings settings) {
        super(workspace, name, BINARY);
        this.settings = settings;
    }

    public AlertmanagerComponent(Workspace workspace, AlertmanagerSettings settings) {
        this(workspace, "alertmanager", settings);
    }


    /** {@code 127.0.0.1:<port>}: the target a Prometheus {@code alerting.alertmanagers} entry needs. */
    public String address() {
        return "127.0.0.1:" + port();
    }

    public String url() {
        return "http://" + address();
    }

    public AlertmanagerApi api() {
        return new AlertmanagerApi(url());
    }

    @Override
    protected List<String> command() throws IOException {
        return List.of(BINARY.toString(),
                "--config.file=" + writeConfiguration(),
                "--storage.path=" + dataDir(),
                "--web.listen-address=" + address(),
                "--web.external-url=" + url(),
                "--cluster.listen-address=");
    }

    private Path writeConfiguration() throws IOException {
        Files.createDirectories(configDir());
        Files.createDirectories(dataDir());
        return Files.writeString(configDir().resolve("alertmanager.yml"), AlertmanagerConfigFile.alertmanagerYml(settings));
    }

    /** Waits for {@code /-/ready}, which answers 200 once the configuration is loaded and the API serves. */
    @Override
    protected void awaitReady(ManagedProcess started, long logOffset) throws InterruptedException {
        HttpReadiness.await(started, URI.create(url() + "/-/ready"), READY_TIMEOUT, logFile());
    }
}
