package org.aitelemetry.devkit.postgres;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.aitelemetry.devkit.Workspace;

/**
 * Real PostgreSQL for both apps' {@code @QuarkusTest}s. One server per test JVM (started on first use, stopped when the
 * JVM exits) and a fresh, empty database for every application start, so test classes never see each other's rows.
 * With the init argument {@code migrate=true} the model's migrations are applied first, for apps that only validate.
 */
public final class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

    public static final String MIGRATE = "migrate";

    private static PostgresComponent sharedServer;

    private boolean migrate;
    private PostgresComponent server;

    @Override
    public void init(Map<String, String> initArgs) {
        migrate = Boolean.parseBoolean(initArgs.getOrDefault(MIGRATE, "false"));
    }

    @Override
    public Map<String, String> start() {
        server = sharedServer();
        String database = server.createDatabase("test");
        if (migrate) {
            SchemaMigrator.migrate(server.jdbcUrl(database));
        }
        return server.appConfig(database);
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(server,
                new TestInjector.AnnotatedAndMatchesType(InjectPostgres.class, PostgresComponent.class));
    }

    @Override
    public void stop() {
        // The server outlives this application start: the next test class gets a new database on the same server.
    }

    private static synchronized PostgresComponent sharedServer() {
        if (sharedServer == null) {
            // Named per JVM: two builds of the same module (an IDE and a terminal) must not share a data folder.
            PostgresComponent server = new PostgresComponent(Workspace.fromSystemProperties(),
                    "postgres-" + ProcessHandle.current().pid());
            startOrFail(server);
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "devkit-postgres-stop"));
            sharedServer = server;
        }
        startOrFail(sharedServer);
        return sharedServer;
    }

    private static void startOrFail(PostgresComponent server) {
        try {
            server.start();
        } catch (Exception e) {
            throw new IllegalStateException("embedded PostgreSQL did not start; see its log under target/devkit", e);
        }
    }
}
