package org.aitelemetry.worker.pipeline;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.alertmanager.AlertmanagerComponent;
import org.aitelemetry.devkit.alertmanager.AlertmanagerSettings;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.aitelemetry.devkit.fleet.MigSlice;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.devkit.prometheus.PrometheusSettings;
import org.aitelemetry.devkit.prometheus.ScrapeTarget;
import org.aitelemetry.worker.alert.AlertmanagerWebhookResource;

/**
 * The alerting chain of production, real from end to end: the fleet simulator's dcgm-exporter pages, a real Prometheus
 * evaluating the shipped rules of {@code alertmanager/rules} as they are, a real Alertmanager posting to the worker
 * under test with a bearer token (refreshed in its file, as a token sidecar would). Every GPU and slice starts
 * released; tests make the ones they follow busy with {@link FleetSimulator#hold}. A tenant's job forges usage of
 * other GPUs ({@link org.aitelemetry.devkit.fleet.TenantForgery}); the shipped rules must ignore it. With
 * {@code prometheus=false} only Alertmanager runs, and tests post alerts to it themselves.
 */
public class UsagePipelineResource implements QuarkusTestResourceLifecycleManager {

    static final Path SHIPPED_RULES = Path.of("..", "alertmanager", "rules", "gpu-usage.rules.yml").toAbsolutePath()
            .normalize();
    private static final String NAME = "pipeline-" + ProcessHandle.current().pid();

    private FleetSimulator simulator;
    private AlertmanagerComponent alertmanager;
    private PrometheusComponent prometheus;
    private ScheduledExecutorService tokenRefresh;
    private boolean withPrometheus = true;

    @Override
    public void init(Map<String, String> initArgs) {
        withPrometheus = Boolean.parseBoolean(initArgs.getOrDefault("prometheus", "true"));
    }

    @Override
    public Map<String, String> start() {
        int workerPort = LoopbackPorts.free();
        Workspace workspace = Workspace.fromSystemProperties();
        try {
            Path tokenFile = workspace.dir(NAME).resolve("alertmanager.token");
            writeToken(tokenFile);
            tokenRefresh = Executors.newSingleThreadScheduledExecutor();
            tokenRefresh.scheduleAtFixedRate(() -> writeToken(tokenFile), 1, 1, TimeUnit.MINUTES);
            alertmanager = new AlertmanagerComponent(workspace, NAME + "-alertmanager", AlertmanagerSettings.fast(
                    URI.create("http://127.0.0.1:" + workerPort + "/api/ingest/v1/alertmanager")).withBearerTokenFile(tokenFile));
            alertmanager.start();
            if (withPrometheus) {
                startPrometheus(workspace);
            }
        } catch (Exception e) {
            stop();
            throw new IllegalStateException("the alerting chain did not come up; see target/devkit", e);
        }
        Map<String, String> config = new HashMap<>();
        config.put("quarkus.http.test-port", String.valueOf(workerPort));
        config.put("telemetry.sessions.reconcile.alertmanager-urls", alertmanager.url());
        if (withPrometheus) {
            config.putAll(FleetSimulator.workerExporterConfig());
            config.put("telemetry.sources.fleet.url", prometheus.url());
            config.put("telemetry.sync.lookback", "3s");
        }
        return config;
    }

    private void startPrometheus(Workspace workspace) throws Exception {
        simulator = new FleetSimulator(FleetDefinition.generate(FleetSpec.builder(41).build()));
        releaseEverything(simulator);
        simulator.start();
        prometheus = new PrometheusComponent(workspace, NAME + "-prometheus", PrometheusSettings.fast()
                .withTargets(targets(simulator)).withRuleFiles(List.of(SHIPPED_RULES))
                .withAlertmanagers(List.of(alertmanager.address())));
        prometheus.start();
    }

    /** The exporters, and a tenant's job forging their series for GPUs nobody holds (acceptance scenario 30). */
    private static List<ScrapeTarget> targets(FleetSimulator simulator) {
        List<ScrapeTarget> targets = new ArrayList<>(simulator.scrapeTargets());
        targets.addAll(simulator.tenantTargets());
        return targets;
    }

    private static void releaseEverything(FleetSimulator simulator) {
        FleetDefinition fleet = simulator.definition();
        for (FleetDevice device : fleet.devices()) {
            if (device.mig()) {
                for (MigSlice slice : device.slices()) {
                    simulator.release(device, slice);
                }
            } else {
                simulator.release(device);
            }
        }
    }

    private static void writeToken(Path file) {
        try {
            Path fresh = file.resolveSibling(file.getFileName() + ".new");
            Files.writeString(fresh, OidcWiremockTestResource.getAccessToken("alertmanager",
                    Set.of(AlertmanagerWebhookResource.ALERTS_WRITER)));
            Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write Alertmanager's token", e);
        }
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(simulator, new TestInjector.MatchesType(FleetSimulator.class));
        testInjector.injectIntoFields(alertmanager, new TestInjector.MatchesType(AlertmanagerComponent.class));
        testInjector.injectIntoFields(prometheus, new TestInjector.MatchesType(PrometheusComponent.class));
    }

    @Override
    public void stop() {
        if (tokenRefresh != null) {
            tokenRefresh.shutdownNow();
        }
        if (prometheus != null) {
            prometheus.close();
        }
        if (alertmanager != null) {
            alertmanager.close();
        }
        if (simulator != null) {
            simulator.close();
        }
    }
}
