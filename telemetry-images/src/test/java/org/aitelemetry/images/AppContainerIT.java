package org.aitelemetry.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.oidc.LocalTokenIssuer;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.SchemaMigrator;
import org.aitelemetry.images.aot.AotTraining;
import org.aitelemetry.images.runc.Readiness;
import org.aitelemetry.images.runc.RuncContainer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each app starts from its image: the image's root file system, entrypoint, user, working directory and environment
 * run by runc (as root) with the Deployment's JAVA_OPTS_APPEND and a read-only root with /tmp on tmpfs, as the
 * manifests run it, against the devkit's real PostgreSQL, and answers ready. Where the build recorded an AOT cache the
 * JVM must map it ({@code -XX:AOTMode=on} refuses to start otherwise), and where this machine can run the image the
 * build must have recorded one (unless {@code -Dimages.aot=off}). Skipped where runc is missing, the build is not root,
 * or runc cannot start any container here: a probe, {@code /bin/sh -c true} from the same image, must start first, and
 * its refusal is the skip's reason. Once the probe runs, the app must start.
 */
class AppContainerIT {

    private static final Pattern METASPACE_CAP = Pattern.compile("-XX:MaxMetaspaceSize=(\\d+)m");
    private static final String CACHE = AotTraining.CACHE.substring(1);

    @ParameterizedTest
    @ValueSource(strings = {"telemetry-worker", "telemetry-site"})
    void appStartsFromItsImageOnItsAotCacheAndAnswers(String app, @TempDir Path bundle) throws Exception {
        Optional<String> unavailable = RuncContainer.unavailable();
        assumeTrue(unavailable.isEmpty(), () -> unavailable.orElseThrow());
        BuiltImage image = BuiltImage.of(app, bundle.resolve("blobs"));
        RuncContainer container = RuncContainer.unpack(image.image(), bundle);
        Optional<String> refusal = container.refusal(app + "-probe-" + ProcessHandle.current().pid());
        assumeTrue(refusal.isEmpty(), () -> "runc cannot start a container here: " + refusal.orElseThrow());
        boolean cached = image.files().containsKey(CACHE);
        if (!"off".equals(System.getProperty("images.aot"))) {
            assertThat(cached).as("%s's image carries its AOT cache: this machine runs the image, so the build's"
                    + " training could have recorded it", app).isTrue();
        }

        LocalTokenIssuer issuer = LocalTokenIssuer.generate();
        try (PostgresComponent postgres = new PostgresComponent(new Workspace(bundle.resolve("devkit")))) {
            postgres.start();
            String database = postgres.createDatabase("image");
            SchemaMigrator.migrate(postgres.jdbcUrl(database));
            int http = LoopbackPorts.free();
            int management = LoopbackPorts.free();
            List<String> shipped = DeploymentJavaOptions.of(ImageConfigIT.ROOT, app);
            List<String> options = new ArrayList<>(shipped);
            if (cached) {
                options.add("-XX:AOTMode=on");
            }
            Map<String, String> config = new TreeMap<>(postgres.appConfig(database));
            config.putAll(issuer.appConfig());
            // The site's page login would need Keycloak; its API takes the issuer's tokens.
            config.put("quarkus.oidc.web.tenant-enabled", "false");
            config.put("quarkus.http.port", String.valueOf(http));
            config.put("quarkus.management.port", String.valueOf(management));

            String id = app + "-it-" + ProcessHandle.current().pid();
            Path log = bundle.resolve("container.log");
            Process run = container.start(id, null, RunJavaEnvironment.of(options, config, true), Map.of(), log);
            try {
                String ready = Readiness.await(management, run, log, Duration.ofMinutes(5));
                assertThat(ready).contains("\"status\": \"UP\"").contains("PostgreSQL connections health check");
                String metrics = get(URI.create("http://127.0.0.1:" + management + "/q/metrics"), null).body();
                // The Deployment's options reached the JVM: the serial collector's pools, its metaspace cap.
                assertThat(metrics).contains("id=\"Tenured Gen\"");
                Matcher cap = METASPACE_CAP.matcher(String.join(" ", shipped));
                if (cap.find()) {
                    assertThat(metrics).as("the metaspace cap").contains("jvm_memory_max_bytes{area=\"nonheap\","
                            + "id=\"Metaspace\"} " + (double) (Long.parseLong(cap.group(1)) << 20));
                }
                if (app.equals("telemetry-site")) {
                    String token = issuer.mint("it-client", List.of("telemetry-admin"), Duration.ofMinutes(5));
                    assertThat(get(URI.create("http://127.0.0.1:" + http + "/api/v1/me"), token).statusCode())
                            .as("the site's API answers an admin's token").isEqualTo(200);
                }
            } finally {
                container.signal(id, "KILL");
                run.waitFor();
                container.delete(id);
            }
        }
    }

    private static HttpResponse<String> get(URI uri, String token) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
