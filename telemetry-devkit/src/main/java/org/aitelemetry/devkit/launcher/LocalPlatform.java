package org.aitelemetry.devkit.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.aitelemetry.devkit.Component;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;
import org.aitelemetry.devkit.keycloak.RealmImport;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.devkit.prometheus.PrometheusSettings;
import org.aitelemetry.devkit.process.QuarkusAppComponent;

/**
 * The README's run command: starts the platform on embedded defaults, prints where everything is, and on Ctrl-C stops
 * every process it started, newest first.
 */
public final class LocalPlatform {

    /** Scrape and rule evaluation interval of the local Prometheus: lively enough to watch, light on a laptop. */
    private static final Duration SCRAPE_INTERVAL = Duration.ofSeconds(5);
    /** A body a real Alertmanager 0.25 posted, relative to the project root. */
    private static final String FIRING_FIXTURE = "telemetry-worker/src/test/resources/alertmanager/alertmanager-0.25-firing.json";

    private final LaunchOptions options;
    private final Workspace workspace;
    private final Deque<Component> started = new ArrayDeque<>();

    LocalPlatform(LaunchOptions options) {
        this.options = options;
        this.workspace = new Workspace(options.projectRoot().resolve("target/devkit"));
    }

    public static void main(String[] args) throws Exception {
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(LaunchOptions.USAGE);
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.out.print(LaunchOptions.USAGE);
            return;
        }
        new LocalPlatform(options).runUntilInterrupted();
    }

    void runUntilInterrupted() throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopAll();
            stopped.countDown();
        }, "local-platform-stop"));
        try {
            startAll();
        } catch (Exception e) {
            System.err.println("Start failed: " + e.getMessage());
            System.exit(1);
        }
        stopped.await();
    }

    private void startAll() throws Exception {
        FleetSimulator simulator = start(new FleetSimulator(FleetDefinition.generate(FleetSpec.builder(options.seed())
                .clusterCount(options.clusters()).nodesPerCluster(options.nodesPerCluster())
                .gpusPerNode(options.gpusPerNode()).projectsPerCluster(Math.max(2, options.nodesPerCluster())).build())));
        PrometheusComponent prometheus = start(new PrometheusComponent(workspace, PrometheusSettings.fast()
                .withIntervals(SCRAPE_INTERVAL, SCRAPE_INTERVAL).withTargets(simulator.scrapeTargets())));
        PostgresComponent postgres = start(new PostgresComponent(workspace));
        String database = postgres.createDatabaseNamed("telemetry");
        Map<String, String> datasource = postgres.appConfig(database);
        Map<String, String> workerConfig = new HashMap<>(datasource);
        workerConfig.put("telemetry.sources.local.url", prometheus.url());
        workerConfig.put("telemetry.sync.every", "15s");
        KeycloakComponent keycloak = start(new KeycloakComponent(workspace, "keycloak", RealmImport.PRODUCT_REALM));
        workerConfig.putAll(keycloak.workerConfig());
        Map<String, String> siteConfig = new HashMap<>(datasource);
        siteConfig.putAll(keycloak.siteConfig());
        QuarkusAppComponent worker = start(app("telemetry-worker", options.workerPort(), workerConfig));
        QuarkusAppComponent site = start(app("telemetry-site", options.sitePort(), siteConfig));
        Path token = writeToken(keycloak.clientCredentialsToken(KeycloakClients.ALERTMANAGER,
                KeycloakClients.ALERTMANAGER_SECRET));
        System.out.printf("""

                AI Telemetry is running (Ctrl-C stops everything).
                  site       %s        health %s/q/health
                  worker     %s        health %s/q/health
                  keycloak   %s  (realm %s, keycloak/README.md)
                  postgres   %s  (user %s)
                  prometheus %s  (metric source "local" of the worker)
                  fleet      %s/metrics/<cluster>/{dcgm,kube}  (%d simulated GPUs, seed %d)
                  token      %s  (alertmanager's client-credentials token; Keycloak's live 5 min)
                  logs       %s
                Log in to the site as (dev-only passwords):
                %s
                Post an Alertmanager notification to the worker (from the project root):
                  curl -H "Authorization: Bearer $(cat %s)" -H 'Content-Type: application/json' \\
                    --data @%s %s/api/ingest/v1/alertmanager
                A fresh token for it:
                  curl -s -d grant_type=client_credentials -d client_id=%s -d client_secret=%s \\
                    %s/protocol/openid-connect/token | sed 's/.*"access_token":"\\([^"]*\\)".*/\\1/' > %s
                """,
                site.url(), site.url(), worker.url(), worker.url(), keycloak.url(), KeycloakClients.REALM,
                postgres.jdbcUrl(database), PostgresComponent.USER, prometheus.url(), simulator.url(),
                simulator.definition().devices().size(), options.seed(), token, workspace.root(), demoLogins(),
                options.projectRoot().relativize(token), FIRING_FIXTURE, worker.url(), KeycloakClients.ALERTMANAGER,
                KeycloakClients.ALERTMANAGER_SECRET, keycloak.realmUrl(), options.projectRoot().relativize(token));
    }

    private static String demoLogins() {
        StringBuilder lines = new StringBuilder();
        for (DemoUser user : DemoUser.ALL) {
            lines.append("  %-9s %-27s %-18s %s%n".formatted(user.username(), user.password(), user.role(),
                    user.groups().isEmpty() ? "(every project)" : String.join(" ", user.groups())));
        }
        return lines.toString().stripTrailing();
    }

    /** Writes the token readable by its owner only, where the printed curl lines read and renew it. */
    private Path writeToken(String token) throws IOException {
        Path file = workspace.dir("oidc").resolve("alerts-writer.jwt");
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        return Files.writeString(file, token + "\n");
    }

    private QuarkusAppComponent app(String module, int port, Map<String, String> config) {
        Path jar = options.projectRoot().resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
        return new QuarkusAppComponent(module, jar, port, config, workspace);
    }

    private <C extends Component> C start(C component) throws Exception {
        long begin = System.nanoTime();
        System.out.printf("Starting %-22s", component.name() + " ...");
        started.push(component);
        component.start();
        System.out.printf(" ready in %.1f s%n", (System.nanoTime() - begin) / 1e9);
        return component;
    }

    private synchronized void stopAll() {
        while (!started.isEmpty()) {
            Component component = started.pop();
            System.out.println("Stopping " + component.name());
            try {
                component.close();
            } catch (RuntimeException e) {
                // Keep going: one component that fails to stop must not leave the others running.
                System.err.println("  " + component.name() + " did not stop cleanly: " + e.getMessage());
            }
        }
    }
}
