package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.MockWebServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A second Kubernetes API server, the fabric8 mock in CRUD mode (the stand-in for a real one), configured as the remote
 * cluster {@value #CLUSTER} with a bearer token from a file, and once more as the dry-run cluster {@value #DRY_RUN};
 * the test's field annotated {@link Server} receives it.
 */
public class SecondApiServer implements QuarkusTestResourceLifecycleManager {

    static final String CLUSTER = "east";
    static final String TOKEN = "east-actuator-token";
    static final String DRY_RUN = "rehearsal";

    /** Marks the test field that receives the second server. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.FIELD)
    public @interface Server {
    }

    private KubernetesMockServer server;
    private Path tokenFile;

    @Override
    public Map<String, String> start() {
        server = new KubernetesMockServer(new io.fabric8.mockwebserver.Context(), new MockWebServer(), new HashMap<>(),
                new KubernetesCrudDispatcher(), false);
        server.init();
        try {
            tokenFile = Files.createTempFile("east-token", "");
            Files.writeString(tokenFile, TOKEN + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String prefix = "telemetry.kubernetes.clusters.\"" + CLUSTER + "\".";
        String rehearsal = "telemetry.kubernetes.clusters.\"" + DRY_RUN + "\".";
        return Map.of(prefix + "api-server-url", server.url("/"),
                prefix + "token-file", tokenFile.toString(),
                prefix + "probe-namespace", "east-probes",
                rehearsal + "api-server-url", server.url("/"),
                rehearsal + "token-file", tokenFile.toString(),
                rehearsal + "dry-run", "true");
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
        try {
            if (tokenFile != null) {
                Files.deleteIfExists(tokenFile);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
