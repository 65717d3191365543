package org.aitelemetry.devkit.keycloak;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;

/**
 * Real Keycloak for both apps' {@code @QuarkusTest}s, with the test additions imported. One server per test JVM,
 * started on first use and stopped when the JVM exits: a start takes half a minute, and the realms hold nothing a test
 * class could leave behind. The init argument {@code app} ({@code site} or {@code worker}) picks the configuration the
 * application gets. The site listens on one port per test JVM, chosen with the server: the realm's site client
 * redirects to that port and no other.
 */
public final class KeycloakTestResource implements QuarkusTestResourceLifecycleManager {

    public static final String APP = "app";

    private static KeycloakComponent sharedServer;
    private static int sitePort;

    private String app;
    private KeycloakComponent server;

    @Override
    public void init(Map<String, String> initArgs) {
        app = initArgs.get(APP);
        if (!"site".equals(app) && !"worker".equals(app)) {
            throw new IllegalArgumentException("KeycloakTestResource needs the init argument app=site or app=worker, not "
                    + app);
        }
    }

    @Override
    public Map<String, String> start() {
        server = sharedServer();
        if (!"site".equals(app)) {
            return server.workerConfig();
        }
        Map<String, String> config = new HashMap<>(server.siteConfig());
        config.put("quarkus.http.test-port", String.valueOf(sitePort));
        return config;
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(server,
                new TestInjector.AnnotatedAndMatchesType(InjectKeycloak.class, KeycloakComponent.class));
    }

    @Override
    public void stop() {
        // The server outlives this application start: the next test class reuses it.
    }

    private static synchronized KeycloakComponent sharedServer() {
        if (sharedServer == null) {
            // Named per JVM: two builds of the same module (an IDE and a terminal) must not share a log or port.
            sitePort = LoopbackPorts.free();
            KeycloakComponent server = new KeycloakComponent(Workspace.fromSystemProperties(),
                    "keycloak-" + ProcessHandle.current().pid(), RealmImport.WITH_TEST_ADDITIONS, sitePort);
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "devkit-keycloak-stop"));
            sharedServer = server;
        }
        try {
            sharedServer.start();
        } catch (Exception e) {
            throw new IllegalStateException("Keycloak did not start; see " + sharedServer.logFile(), e);
        }
        return sharedServer;
    }
}
