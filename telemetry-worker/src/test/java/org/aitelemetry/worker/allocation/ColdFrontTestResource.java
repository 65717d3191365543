package org.aitelemetry.worker.allocation;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.coldfront.ColdFrontApi;
import org.aitelemetry.devkit.fleet.InjectFleet;

/**
 * ColdFront's API stand-in ({@link ColdFrontApi}) for the worker: {@code telemetry.coldfront.*} points at it with an
 * admin's Basic credentials (the password in a file, as a mounted Secret), and its resource {@code NERC-OCP} is the
 * simulated cluster {@code hub-a}. Injected into fields annotated {@link InjectFleet}.
 */
public final class ColdFrontTestResource implements QuarkusTestResourceLifecycleManager {

    static final String USER = "telemetry-reader";
    static final String PASSWORD = "s3cret-for-tests";
    static final String RESOURCE = "NERC-OCP";
    static final String RESOURCE_CLUSTER = "hub-a";

    private ColdFrontApi api;

    @Override
    public Map<String, String> start() {
        api = new ColdFrontApi(USER, PASSWORD);
        try {
            api.start();
            Path password = Workspace.fromSystemProperties().dir("coldfront-" + ProcessHandle.current().pid())
                    .resolve("password");
            Files.writeString(password, PASSWORD + "\n");
            return Map.of("telemetry.coldfront.url", api.url(), "telemetry.coldfront.username", USER,
                    "telemetry.coldfront.password-file", password.toString(),
                    "telemetry.coldfront.clusters.\"" + RESOURCE + "\"", RESOURCE_CLUSTER,
                    "telemetry.coldfront.timeout", "5s");
        } catch (IOException e) {
            throw new UncheckedIOException("ColdFront's stand-in did not start", e);
        }
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(api, new TestInjector.AnnotatedAndMatchesType(InjectFleet.class, ColdFrontApi.class));
    }

    @Override
    public void stop() {
        if (api != null) {
            api.close();
        }
    }
}
