package org.aitelemetry.devkit.fleet;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager.TestInjector;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager.TestInjector.AnnotatedAndMatchesType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.prometheus.FaultyFront;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.devkit.prometheus.PrometheusSettings;
import org.aitelemetry.devkit.prometheus.ScrapeTarget;
import org.aitelemetry.devkit.prometheus.ServerTls;
import org.aitelemetry.devkit.tls.ThrowawayPki;

/**
 * One metric source of {@link FleetTestResource}: a fleet simulator scraped every second by its own real Prometheus,
 * optionally behind a {@link FaultyFront}, and the app's {@code telemetry.sources.<source>.*} that point at it. Starts
 * only once Prometheus holds every exporter series of the fleet.
 */
final class ScrapedFleet implements AutoCloseable {

    /**
     * How the source is reached: readings at a fixed instant ({@code frozen}), through a front ({@code faultyFront},
     * or one that demands {@code bearerToken}), over HTTPS with client certificates ({@code mutualTls}), and whether
     * Prometheus also scrapes the tenant's forged page.
     */
    record Options(boolean frozen, boolean faultyFront, String bearerToken, boolean mutualTls, boolean tenantForgery) {

        boolean withFront() {
            return bearerToken != null || faultyFront;
        }
    }

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final String source;
    private final Options options;
    private ThrowawayPki.PemFiles pki;
    private FaultyFront front;
    private FleetSimulator simulator;
    private PrometheusComponent prometheus;

    ScrapedFleet(String source, Options options) {
        this.source = source;
        this.options = options;
    }

    void start(FleetDefinition fleet) throws Exception {
        Clock clock = options.frozen() ? Clock.fixed(FleetTestResource.FROZEN_AT, ZoneOffset.UTC) : Clock.systemUTC();
        simulator = new FleetSimulator(fleet, clock);
        simulator.start();
        Workspace workspace = Workspace.fromSystemProperties();
        String name = "prometheus-" + source + "-" + ProcessHandle.current().pid();
        PrometheusSettings settings = PrometheusSettings.fast().withTargets(targets());
        if (options.mutualTls()) {
            pki = ThrowawayPki.create(workspace.dir(name).resolve("pki"));
            settings = settings.withTls(ServerTls.mutual(pki.serverCert(), pki.serverKey(), pki.caCert()));
        }
        prometheus = new PrometheusComponent(workspace, name, settings);
        prometheus.start();
        awaitFirstScrapes(fleet);
        if (options.withFront()) {
            front = new FaultyFront(prometheus.url());
            front.start();
            if (options.bearerToken() != null) {
                front.requireBearerToken(options.bearerToken());
            }
        }
    }

    private List<ScrapeTarget> targets() {
        List<ScrapeTarget> targets = new ArrayList<>(simulator.scrapeTargets());
        if (options.tenantForgery()) {
            targets.addAll(simulator.tenantTargets());
        }
        return targets;
    }

    /** The app's {@code telemetry.sources.<source>.*}; an mtls source uses the TLS configuration of its own name. */
    Map<String, String> sourceConfig() {
        String prefix = "telemetry.sources." + source;
        Map<String, String> config = new HashMap<>();
        config.put(prefix + ".url", options.withFront() ? front.url() : prometheus.url());
        if (options.withFront()) {
            config.put(prefix + ".query-timeout", "2s");
            config.put(prefix + ".max-attempts", "2");
        }
        if (options.bearerToken() != null) {
            config.put(prefix + ".auth-mode", "bearer-file");
            config.put(prefix + ".bearer-token-file", writeToken().toString());
        }
        if (options.mutualTls()) {
            config.put(prefix + ".auth-mode", "mtls");
            config.put(prefix + ".tls-configuration-name", source);
            config.put("quarkus.tls." + source + ".key-store.pem.0.cert", pki.clientCert().toString());
            config.put("quarkus.tls." + source + ".key-store.pem.0.key", pki.clientKey().toString());
            config.put("quarkus.tls." + source + ".trust-store.pem.certs", pki.caCert().toString());
        }
        return config;
    }

    /** Fills the test's {@link InjectFleet} fields that name this source. */
    void inject(TestInjector injector) {
        inject(injector, simulator, FleetSimulator.class);
        inject(injector, prometheus, PrometheusComponent.class);
        inject(injector, front, FaultyFront.class);
    }

    private void inject(TestInjector injector, Object value, Class<?> type) {
        injector.injectIntoFields(value, new AnnotatedAndMatchesType(InjectFleet.class, type)
                .and(field -> field.getAnnotation(InjectFleet.class).source().equals(source)));
    }

    @Override
    public void close() {
        if (front != null) {
            front.close();
        }
        if (prometheus != null) {
            prometheus.close();
        }
        if (simulator != null) {
            simulator.close();
        }
    }

    private Path writeToken() {
        try {
            Path dir = Workspace.fromSystemProperties().dir("bearer-" + source + "-" + ProcessHandle.current().pid());
            return Files.writeString(dir.resolve("token"), options.bearerToken());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the bearer token file", e);
        }
    }

    private void awaitFirstScrapes(FleetDefinition fleet) throws Exception {
        if (options.mutualTls()) {
            // The query API now wants a client certificate; the simulator knows when every page was scraped.
            Instant deadline = Instant.now().plus(PATIENCE);
            while (simulator.fewestScrapes() < 2) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException("Prometheus did not scrape every page twice within " + PATIENCE);
                }
                Thread.sleep(100);
            }
            return;
        }
        PrometheusApi api = new PrometheusApi(prometheus.url());
        api.awaitValue("count(up == 1)", targets().size(), PATIENCE);
        int gpuSeries = fleet.clusters().stream().mapToInt(cluster -> fleet.dcgmSeriesCount(cluster.name())).sum();
        api.awaitValue("count(DCGM_FI_DEV_FB_FREE{job=\"" + FleetSimulator.DCGM_JOB + "\"})", gpuSeries, PATIENCE);
        api.awaitValue("count(kube_node_info{job=\"" + FleetSimulator.KUBE_JOB + "\"})",
                fleet.nodes().size() + fleet.vmNodes().size() + fleet.amdNodes().size(), PATIENCE);
        if (!fleet.virtualMachines().isEmpty()) {
            api.awaitValue("count(kubevirt_vmi_info{job=\"" + FleetSimulator.KUBEVIRT_JOB + "\"})",
                    fleet.virtualMachines().size(), PATIENCE);
        }
        if (!fleet.amdDevices().isEmpty()) {
            String totalVram = AmdFamily.TOTAL_VRAM.metric(true, fleet.spec().amdHelmPrefix());
            api.awaitValue("count(" + totalVram + "{job=\"" + FleetSimulator.AMD_JOB + "\"})",
                    fleet.amdDevices().size(), PATIENCE);
        }
    }
}
