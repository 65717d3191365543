package org.aitelemetry.images.aot;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.aitelemetry.devkit.oidc.LocalTokenIssuer;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.devkit.prometheus.PrometheusSettings;

/**
 * What the training runs (and {@link AotCacheBenchmark}) work against, the devkit's real parts on loopback: a throwaway
 * PostgreSQL, a simulated fleet (5 clusters of 8-GPU nodes, 4 % of GPUs in MIG mode, 50 projects per 1,000 GPUs)
 * scraped by a real Prometheus, and a local token issuer whose tokens the apps verify offline. In training both apps
 * share one database: the worker migrates and fills it, the site then reads what the worker wrote.
 */
final class TrainingStack implements AutoCloseable {

    static final String SOURCE = "training";

    private final PostgresComponent postgres;
    private final FleetSimulator fleet;
    private final PrometheusComponent prometheus;
    private final LocalTokenIssuer issuer = LocalTokenIssuer.generate();
    private final String database;

    private TrainingStack(PostgresComponent postgres, FleetSimulator fleet, PrometheusComponent prometheus,
            String database) {
        this.postgres = postgres;
        this.fleet = fleet;
        this.prometheus = prometheus;
        this.database = database;
    }

    /** The training's fleet: 5,000 GPUs whose readings move with the clock, so every cycle writes, as in production. */
    static TrainingStack start(Workspace workspace) throws IOException, InterruptedException {
        return start(workspace, 5_000, Clock.systemUTC());
    }

    /** {@code gpus} in steps of 1,000; a fixed {@code clock} freezes the readings: unchanged cycles write nothing. */
    static TrainingStack start(Workspace workspace, int gpus, Clock clock) throws IOException, InterruptedException {
        FleetDefinition definition = FleetDefinition.generate(FleetSpec.builder(42).clusterCount(5)
                .nodesPerCluster(gpus / 5 / 8).gpusPerNode(8).migShare(0.04).projectsPerCluster(gpus / 100).build());
        FleetSimulator fleet = new FleetSimulator(definition, clock);
        PostgresComponent postgres = new PostgresComponent(workspace, "training-postgres");
        PrometheusComponent prometheus = null;
        try {
            fleet.start();
            postgres.start();
            String database = postgres.createDatabase("training");
            prometheus = new PrometheusComponent(workspace, "training-prometheus", PrometheusSettings.fast()
                    .withTargets(fleet.scrapeTargets()));
            prometheus.start();
            int series = definition.clusters().stream().mapToInt(c -> definition.dcgmSeriesCount(c.name())).sum();
            new PrometheusApi(prometheus.url()).awaitValue("count(DCGM_FI_DEV_FB_FREE)", series,
                    Duration.ofMinutes(Math.max(3, gpus / 10_000)));
            return new TrainingStack(postgres, fleet, prometheus, database);
        } catch (IOException | InterruptedException | RuntimeException e) {
            closeAll(prometheus, postgres, fleet);
            throw e;
        }
    }

    /** An app's configuration against this stack: the database, the fleet's source and exporters, the issuer. */
    Map<String, String> appConfig() {
        return appConfig(database);
    }

    /** The same against a fresh database of its own (an app that is to start from an empty schema). */
    Map<String, String> appConfigOnANewDatabase() {
        return appConfig(postgres.createDatabase("run"));
    }

    private Map<String, String> appConfig(String database) {
        Map<String, String> config = new HashMap<>(postgres.appConfig(database));
        config.putAll(issuer.appConfig());
        config.putAll(FleetSimulator.workerExporterConfig());
        config.put("telemetry.sources." + SOURCE + ".url", prometheus.url());
        return config;
    }

    /** A bearer token of a client holding {@code roles}, valid for the training. */
    String token(String client, List<String> roles) {
        return issuer.mint(client, roles, Duration.ofMinutes(30));
    }

    @Override
    public void close() {
        closeAll(prometheus, postgres, fleet);
    }

    private static void closeAll(AutoCloseable... components) {
        for (AutoCloseable component : components) {
            try {
                if (component != null) {
                    component.close();
                }
            } catch (Exception e) {
                System.out.println("[images] could not stop a training component: " + e);
            }
        }
    }
}
