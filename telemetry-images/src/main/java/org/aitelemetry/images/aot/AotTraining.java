package org.aitelemetry.images.aot;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.images.DeploymentJavaOptions;
import org.aitelemetry.images.RunJavaEnvironment;
import org.aitelemetry.images.oci.LayerWriter;
import org.aitelemetry.images.oci.OciImage;
import org.aitelemetry.images.runc.Readiness;
import org.aitelemetry.images.runc.RuncContainer;
import org.apache.commons.compress.archivers.tar.TarConstants;

/**
 * Records an app's AOT cache (JEP 483/515) with the image's own JDK, in the image itself: the image is unpacked and run
 * by runc as it will run (its user, /deployments, its entrypoint, the same paths and file times, which the cache
 * checks), first recording while the app does its {@link TrainingWorkload} against a {@link TrainingStack}, then
 * creating the cache from that recording. The cache becomes the image's last layer, {@value #CACHE}, which run-java.sh
 * hands to the JVM. The runs take the JVM options of the app's Deployment ({@link DeploymentJavaOptions}: the
 * collector, the app's own), but for its heap and metaspace caps: those may differ at run time, and writing the
 * recording needs more room than the worker's caps leave.
 */
public final class AotTraining implements AutoCloseable {

    /** Where the image carries the cache. */
    public static final String CACHE = "/deployments/app.aot";
    private static final String OUTPUT = "/aot-training";
    /** The Deployments' sizing options, which the training replaces with its own. */
    private static final Pattern SIZING = Pattern.compile("-Xmx.*|-XX:MaxRAMPercentage=.*|-XX:MaxMetaspaceSize=.*");
    private static final Duration READY_PATIENCE = Duration.ofMinutes(5);

    private final Path root;
    private final Workspace workspace;
    private TrainingStack stack;

    /** {@code root}: the repository (its Deployments); {@code work}: where the training's servers keep their data. */
    public AotTraining(Path root, Path work) {
        this.root = root;
        this.workspace = new Workspace(work.resolve("devkit"));
    }

    /**
     * Unpacks the image under {@code work} for its training; why runc cannot run it here, if it cannot (not installed,
     * not root, or a sandbox that refuses containers).
     */
    public static Optional<String> prepare(OciImage image, Path work) throws IOException, InterruptedException {
        Optional<String> unavailable = RuncContainer.unavailable();
        if (unavailable.isPresent()) {
            return unavailable;
        }
        return RuncContainer.unpack(image, bundle(work)).refusal("aot-probe-" + ProcessHandle.current().pid());
    }

    /** Trains {@code app} from its image, {@link #prepare prepared} under {@code work}; adds the cache as a layer. */
    public void addCache(String app, OciImage image, Path work) throws Exception {
        if (stack == null) {
            stack = TrainingStack.start(workspace);
        }
        RuncContainer container = new RuncContainer(bundle(work), image.runConfig());
        Path output = Files.createDirectories(work.resolve("aot"));
        Files.setPosixFilePermissions(output, PosixFilePermissions.fromString("rwxrwxrwx"));
        record(app, container, output, work.resolve(app + "-training.log"));
        create(app, container, output);
        Path cache = output.resolve("app.aot");
        try (LayerWriter layer = new LayerWriter(work.resolve("aot-cache.tar.gz"));
                InputStream content = Files.newInputStream(cache)) {
            var entry = LayerWriter.entry(CACHE, TarConstants.LF_NORMAL, 0644, LayerWriter.FIXED_TIME);
            entry.setSize(Files.size(cache));
            layer.put(entry, content);
            image.addLayer(layer.finish(), "AOT cache of " + app + ", recorded by a training run of this image"
                    + " (telemetry-images' AotTraining)");
        }
        System.out.printf("[images] %s: AOT cache of %d MiB recorded by its training run%n", app,
                Files.size(cache) >> 20);
    }

    private static Path bundle(Path work) {
        return work.resolve("bundle");
    }

    private void record(String app, RuncContainer container, Path output, Path log) throws Exception {
        int http = LoopbackPorts.free();
        int management = LoopbackPorts.free();
        Map<String, String> config = new TreeMap<>(stack.appConfig());
        config.put("quarkus.http.port", String.valueOf(http));
        config.put("quarkus.management.port", String.valueOf(management));
        TrainingWorkload workload = workload(app, config);
        List<String> options = options(app, "-Xmx512m", "-XX:AOTMode=record",
                "-XX:AOTConfiguration=" + OUTPUT + "/app.aotconf");
        String id = app + "-aot-training-" + ProcessHandle.current().pid();
        Process run = container.start(id, null, RunJavaEnvironment.of(options, config, false), Map.of(OUTPUT, output),
                log);
        try {
            Readiness.await(management, run, log, READY_PATIENCE);
            workload.exercise(URI.create("http://127.0.0.1:" + http), log);
            container.signal(id, "TERM");
            int exit = run.waitFor();
            Path recording = output.resolve("app.aotconf");
            if (!Files.isRegularFile(recording) || Files.size(recording) == 0) {
                throw new IllegalStateException(app + "'s training run recorded nothing (exit " + exit + "); its log: "
                        + log);
            }
        } finally {
            container.delete(id);
        }
    }

    private void create(String app, RuncContainer container, Path output) throws Exception {
        List<String> options = options(app, "-Xmx1g", "-XX:AOTMode=create",
                "-XX:AOTConfiguration=" + OUTPUT + "/app.aotconf", "-XX:AOTCache=" + OUTPUT + "/app.aot");
        RuncContainer.Finished created = container.run(app + "-aot-create-" + ProcessHandle.current().pid(), null,
                RunJavaEnvironment.of(options, Map.of(), false), Map.of(OUTPUT, output));
        if (created.exit() != 0 || !Files.isRegularFile(output.resolve("app.aot"))) {
            throw new IllegalStateException(app + "'s AOT cache could not be created (exit " + created.exit() + "): "
                    + created.output().lines().filter(line -> !line.contains("Skipping")).toList());
        }
    }

    private TrainingWorkload workload(String app, Map<String, String> config) {
        if (app.equals("telemetry-worker")) {
            config.putAll(WorkerWorkload.config());
            return new WorkerWorkload(stack.token("alertmanager", List.of("alerts-writer")));
        }
        // The site's page login needs Keycloak; its API takes the issuer's tokens, as the worker's webhook does.
        config.put("quarkus.oidc.web.tenant-enabled", "false");
        return new SiteWorkload(stack.token("training-client", List.of("telemetry-admin")));
    }

    private List<String> options(String app, String... more) throws IOException {
        List<String> options = new ArrayList<>(DeploymentJavaOptions.of(root, app).stream()
                .filter(option -> !SIZING.matcher(option).matches()).toList());
        options.addAll(List.of(more));
        return options;
    }

    @Override
    public void close() {
        if (stack != null) {
            stack.close();
        }
    }
}
