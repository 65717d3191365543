package org.aitelemetry.devkit.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;
import org.aitelemetry.devkit.keycloak.RealmImport;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.SchemaMigrator;
import org.aitelemetry.devkit.process.QuarkusAppComponent;
import org.aitelemetry.devkit.process.ShippedJvmOptions;

/**
 * What the site benchmarks measure: PostgreSQL migrated and seeded with the benchmark fleet ({@link ApiFleetSeeder}),
 * a real Keycloak with the test additions (test clients and the demo people), and the packaged site on both, its JVM
 * options from {@link WorkerJvm}. {@link #close()} stops whatever started, the site first.
 */
final class SeededSite implements AutoCloseable {

    private final Path root;
    private final Workspace workspace;
    private final PostgresComponent postgres;
    private final KeycloakComponent keycloak;
    private final int sitePort = LoopbackPorts.free();
    private QuarkusAppComponent site;
    private String jdbcUrl;
    private String database;

    /** On PostgreSQL's own defaults, as the tests run it. */
    SeededSite(Path root, Workspace workspace) {
        this(root, workspace, new PostgresComponent(workspace));
    }

    SeededSite(Path root, Workspace workspace, PostgresComponent postgres) {
        this.root = root;
        this.workspace = workspace;
        this.postgres = postgres;
        this.keycloak = new KeycloakComponent(workspace, "keycloak", RealmImport.WITH_TEST_ADDITIONS, sitePort);
    }

    /** Seeds the fleet at {@code scale}, then starts Keycloak and the site; what seeding wrote and took. */
    ApiFleetSeeder.Seeded start(ApiFleetScale scale) throws Exception {
        postgres.start();
        database = postgres.createDatabase("bench");
        jdbcUrl = postgres.jdbcUrl(database);
        SchemaMigrator.migrate(jdbcUrl);
        ApiFleetSeeder.Seeded seeded = ApiFleetSeeder.seed(jdbcUrl, scale);
        keycloak.start();
        Map<String, String> config = new HashMap<>(keycloak.siteConfig());
        config.putAll(postgres.appConfig(database));
        Path jar = root.resolve("telemetry-site/target/quarkus-app/quarkus-run.jar");
        site = new QuarkusAppComponent("telemetry-site", jar, sitePort, config, jvmOptions(), workspace)
                .withJava(WorkerJvm.java());
        site.start();
        return seeded;
    }

    /** The site as shipped, then the benchmark's options (a later -XX wins: -XX:TieredStopAtLevel=4 gives C2 back). */
    static List<String> jvmOptions() {
        List<String> options = new ArrayList<>(ShippedJvmOptions.of("telemetry-site"));
        options.addAll(WorkerJvm.options());
        return options;
    }

    /** The options as a report line shows them. */
    static String describeJvm() {
        List<String> options = jvmOptions();
        String jvm = options.isEmpty() ? "JVM defaults" : String.join(" ", options);
        return jvm + ", Java " + WorkerJvm.java().version();
    }

    String jdbcUrl() {
        return jdbcUrl;
    }

    /** The datasource settings of an app that is to share the seeded database (the worker, beside the site). */
    Map<String, String> databaseConfig() {
        return postgres.appConfig(database);
    }

    KeycloakComponent keycloak() {
        return keycloak;
    }

    QuarkusAppComponent site() {
        return site;
    }

    long postmasterPid() {
        return postgres.serverPid().orElseThrow();
    }

    @Override
    public void close() {
        if (site != null) {
            site.close();
        }
        keycloak.close();
        postgres.close();
    }
}
