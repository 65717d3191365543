package org.aitelemetry.devkit.fleet;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
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
 * A simulated fleet scraped by a real Prometheus every second, for the worker's tests: the app gets one metric source,
 * {@code fleet}, pointing at that Prometheus, and the test gets the simulator (whose definition is the ground truth).
 * Starts only once Prometheus holds every GPU series of the fleet. Init arguments: {@code seed} (default 7),
 * {@code frozen} (default true: readings are taken at a fixed instant, so an unchanged fleet really is unchanged) and
 * {@code cluster-count} (clusters named cluster-01 …), {@code faulty-front} (default false: when true, the source points at a {@link FaultyFront} before Prometheus, with a
 * short query deadline, so tests can switch faults on and off), {@code bearer-token} (the front then demands that token,
 * and the source reads it from a file) and {@code tls} ({@code mutual}: Prometheus serves HTTPS and requires a client
 * certificate; the source uses mtls through the Quarkus TLS registry configuration {@code fleet}) and
 * {@code tenant-forgery} (default false: when true, Prometheus also scrapes {@link TenantForgery}'s page under a
 * tenant's job). The app's exporter selectors are {@link FleetSimulator#workerExporterConfig()}.
 */
public final class FleetTestResource implements QuarkusTestResourceLifecycleManager {

    public static final String SOURCE = "fleet";
    public static final String SEED = "seed";
    public static final String FROZEN = "frozen";
    public static final String FAULTY_FRONT = "faulty-front";
    public static final String BEARER_TOKEN = "bearer-token";
    public static final String TLS = "tls";
    /** When given, the clusters are {@code cluster-01} … (as {@link FleetSpec.Builder#clusterCount}), not hub-a/hub-b. */
    public static final String CLUSTER_COUNT = "cluster-count";
    public static final String TENANT_FORGERY = "tenant-forgery";

    /** Readings of a frozen fleet are those of this instant. */
    public static final Instant FROZEN_AT = Instant.parse("2026-11-21T12:00:00Z");
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private long seed = 7;
    private boolean frozen = true;
    private boolean withFront;
    private String bearerToken;
    private boolean mutualTls;
    private Integer clusterCount;
    private boolean tenantForgery;
    private ThrowawayPki.PemFiles pki;
    private FaultyFront front;
    private FleetSimulator simulator;
    private PrometheusComponent prometheus;

    @Override
    public void init(Map<String, String> initArgs) {
        seed = Long.parseLong(initArgs.getOrDefault(SEED, "7"));
        frozen = Boolean.parseBoolean(initArgs.getOrDefault(FROZEN, "true"));
        bearerToken = initArgs.get(BEARER_TOKEN);
        withFront = bearerToken != null || Boolean.parseBoolean(initArgs.getOrDefault(FAULTY_FRONT, "false"));
        mutualTls = "mutual".equals(initArgs.get(TLS));
        clusterCount = initArgs.containsKey(CLUSTER_COUNT) ? Integer.valueOf(initArgs.get(CLUSTER_COUNT)) : null;
        tenantForgery = Boolean.parseBoolean(initArgs.getOrDefault(TENANT_FORGERY, "false"));
    }

    @Override
    public Map<String, String> start() {
        FleetSpec.Builder spec = FleetSpec.builder(seed);
        if (clusterCount != null) {
            spec.clusterCount(clusterCount);
        }
        FleetDefinition fleet = FleetDefinition.generate(spec.build());
        try {
            startComponents(fleet);
        } catch (Exception e) {
            stop();
            throw new IllegalStateException("fleet simulator or Prometheus did not come up; see target/devkit", e);
        }
        return sourceConfig();
    }

    private void startComponents(FleetDefinition fleet) throws Exception {
        simulator = new FleetSimulator(fleet, frozen ? Clock.fixed(FROZEN_AT, ZoneOffset.UTC) : Clock.systemUTC());
        simulator.start();
        Workspace workspace = Workspace.fromSystemProperties();
        String name = "prometheus-fleet-" + ProcessHandle.current().pid();
        PrometheusSettings settings = PrometheusSettings.fast().withTargets(targets());
        if (mutualTls) {
            pki = ThrowawayPki.create(workspace.dir(name).resolve("pki"));
            settings = settings.withTls(ServerTls.mutual(pki.serverCert(), pki.serverKey(), pki.caCert()));
        }
        prometheus = new PrometheusComponent(workspace, name, settings);
        prometheus.start();
        awaitFirstScrapes(fleet);
        if (withFront) {
            front = new FaultyFront(prometheus.url());
            front.start();
            if (bearerToken != null) {
                front.requireBearerToken(bearerToken);
            }
        }
    }

    private List<ScrapeTarget> targets() {
        List<ScrapeTarget> targets = new ArrayList<>(simulator.scrapeTargets());
        if (tenantForgery) {
            targets.addAll(simulator.tenantTargets());
        }
        return targets;
    }

    private Map<String, String> sourceConfig() {
        String source = "telemetry.sources." + SOURCE;
        Map<String, String> config = new HashMap<>(FleetSimulator.workerExporterConfig());
        config.put(source + ".url", withFront ? front.url() : prometheus.url());
        // One-second scrapes: a short look-back lets a removed node vanish from queries within seconds.
        config.put("telemetry.sync.lookback", "3s");
        if (withFront) {
            config.put(source + ".query-timeout", "2s");
            config.put(source + ".max-attempts", "2");
        }
        if (bearerToken != null) {
            config.put(source + ".auth-mode", "bearer-file");
            config.put(source + ".bearer-token-file", writeToken().toString());
        }
        if (mutualTls) {
            config.put(source + ".auth-mode", "mtls");
            config.put(source + ".tls-configuration-name", SOURCE);
            config.put("quarkus.tls." + SOURCE + ".key-store.pem.0.cert", pki.clientCert().toString());
            config.put("quarkus.tls." + SOURCE + ".key-store.pem.0.key", pki.clientKey().toString());
            config.put("quarkus.tls." + SOURCE + ".trust-store.pem.certs", pki.caCert().toString());
        }
        return config;
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(simulator, new TestInjector.AnnotatedAndMatchesType(InjectFleet.class, FleetSimulator.class));
        testInjector.injectIntoFields(prometheus,
                new TestInjector.AnnotatedAndMatchesType(InjectFleet.class, PrometheusComponent.class));
        testInjector.injectIntoFields(front, new TestInjector.AnnotatedAndMatchesType(InjectFleet.class, FaultyFront.class));
    }

    @Override
    public void stop() {
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
            return Files.writeString(Workspace.fromSystemProperties().dir("bearer-" + ProcessHandle.current().pid())
                    .resolve("token"), bearerToken);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the bearer token file", e);
        }
    }

    private void awaitFirstScrapes(FleetDefinition fleet) throws Exception {
        if (mutualTls) {
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
        api.awaitValue("count(kube_node_info{job=\"" + FleetSimulator.KUBE_JOB + "\"})", fleet.nodes().size(),
                PATIENCE);
    }
}
