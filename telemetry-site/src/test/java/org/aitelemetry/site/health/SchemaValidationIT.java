package org.aitelemetry.site.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.oidc.LocalTokenIssuer;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.SchemaMigrator;
import org.aitelemetry.devkit.process.QuarkusAppComponent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The packaged site validates the schema at start: it refuses a database the worker has not migrated. */
class SchemaValidationIT {

    private static final Path RUNNER = Path.of("target/quarkus-app/quarkus-run.jar");

    private static PostgresComponent postgres;
    private static Workspace workspace;

    @BeforeAll
    static void startPostgres() throws Exception {
        workspace = Workspace.fromSystemProperties();
        postgres = new PostgresComponent(workspace, "postgres-schema-it");
        postgres.start();
    }

    @AfterAll
    static void stopPostgres() {
        postgres.close();
    }

    @Test
    void refusesToStartOnAnUnmigratedDatabase() throws Exception {
        try (QuarkusAppComponent site = site("site-unmigrated", postgres.createDatabase("empty"))) {
            assertThatIllegalStateException().isThrownBy(site::start).withMessageContaining("exited during start");
            assertThat(Files.readString(site.logFile())).contains("Schema validation: missing table");
        }
    }

    @Test
    void startsOnAMigratedDatabase() throws Exception {
        String database = postgres.createDatabase("migrated");
        SchemaMigrator.migrate(postgres.jdbcUrl(database));
        try (QuarkusAppComponent site = site("site-migrated", database)) {
            site.start();
            assertThat(Files.readString(site.logFile())).contains("telemetry-site serves users at");
        }
    }

    /** The site with its database; tokens are beside the point here, so a local key stands in for Keycloak. */
    private static QuarkusAppComponent site(String name, String database) {
        Map<String, String> config = new HashMap<>(LocalTokenIssuer.generate().appConfig());
        config.put("quarkus.oidc.web.tenant-enabled", "false");
        config.putAll(postgres.appConfig(database));
        return new QuarkusAppComponent(name, RUNNER, LoopbackPorts.free(), config, workspace);
    }
}
