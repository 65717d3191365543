package org.aitelemetry.worker.probe;

import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.MockWebServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;

/**
 * The remote cluster {@value #CLUSTER}: a second fabric8 mock API server (expectations mode) with its own
 * service-account issuer, injected into the test's field annotated {@link Server}; and the cluster {@value #DOWN},
 * whose API server does not answer (a port nothing listens on).
 */
public class BetaApiServer implements QuarkusTestResourceLifecycleManager {

    static final String CLUSTER = "review-beta";
    static final String ISSUER = "https://beta.example";
    static final String DOWN = "review-gamma";
    static final String DOWN_ISSUER = "https://gamma.example";

    /** Marks the test field that receives the server. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.FIELD)
    public @interface Server {
    }

    private KubernetesMockServer server;

    @Override
    public Map<String, String> start() {
        server = new KubernetesMockServer(new io.fabric8.mockwebserver.Context(), new MockWebServer(), new HashMap<>(),
                false);
        server.init();
        String beta = "telemetry.kubernetes.clusters.\"" + CLUSTER + "\".";
        String gamma = "telemetry.kubernetes.clusters.\"" + DOWN + "\".";
        return Map.of(beta + "api-server-url", server.url("/"),
                beta + "probe-namespace", "beta-probes",
                beta + "service-account-issuer", ISSUER,
                gamma + "api-server-url", "http://127.0.0.1:" + closedPort(),
                gamma + "service-account-issuer", DOWN_ISSUER);
    }

    private static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(server, new TestInjector.AnnotatedAndMatchesType(Server.class,
                KubernetesMockServer.class));
    }

    @Override
    public void stop() {
        if (server != null) {
            server.destroy();
        }
    }
}
