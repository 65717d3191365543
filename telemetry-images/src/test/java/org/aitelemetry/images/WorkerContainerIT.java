package org.aitelemetry.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worker starts from its image: the image's root file system, entrypoint, user, working directory and environment
 * run by runc (Debian's, as root; bin/setup-debian installs it) with the Deployment's JAVA_OPTS_APPEND and a read-only
 * root with /tmp on tmpfs, as the manifests run it; against the devkit's real PostgreSQL it migrates the schema and its
 * readiness answers UP. Skipped where runc is missing, the build is not root (rootless runc needs a user namespace
 * mapping this test does not set up), or runc cannot start any container here (a sandbox that refuses namespaces,
 * cgroups or rlimits): a probe, {@code /bin/sh -c true} from the same image and spec, must start first, and its
 * refusal is the skip's reason. Once the probe runs, the worker must start.
 */
class WorkerContainerIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern JAVA_OPTS = Pattern.compile("- name: JAVA_OPTS_APPEND\\s+value: (.+)");

    @Test
    void workerStartsFromItsImageAndAnswersReady(@TempDir Path bundle) throws Exception {
        assumeTrue(onPath("runc"), "runc is not installed (bin/setup-debian installs it)");
        assumeTrue("root".equals(System.getProperty("user.name")), "runc runs containers as root here");
        BuiltImage image = BuiltImage.of("telemetry-worker", bundle.resolve("blobs"));
        Path rootfs = bundle.resolve("rootfs");
        image.unpack(rootfs);
        Path state = Files.createDirectories(bundle.resolve("runc-state"));
        String refusal = probe(bundle, state, image.image().runConfig());
        assumeTrue(refusal.isEmpty(), () -> "runc cannot start a container here: " + refusal);

        try (PostgresComponent postgres = new PostgresComponent(new Workspace(bundle.resolve("devkit")))) {
            postgres.start();
            String database = postgres.createDatabase("image");
            int http = LoopbackPorts.free();
            int management = LoopbackPorts.free();
            List<String> options = new ArrayList<>(List.of(shippedJavaOptions().split(" ")));
            Map<String, String> config = new TreeMap<>(postgres.appConfig(database));
            config.put("quarkus.http.port", String.valueOf(http));
            config.put("quarkus.management.port", String.valueOf(management));
            // No OIDC provider here: the start would otherwise look one up (as the devkit's StartupBenchmark does).
            config.put("quarkus.oidc.tenant-enabled", "false");
            config.forEach((key, value) -> options.add("-D" + key + "=" + value));
            ArrayNode env = ((ArrayNode) image.image().runConfig().path("Env")).deepCopy();
            env.add("JAVA_OPTS_APPEND=" + String.join(" ", options));
            writeRuncConfig(bundle, image.image().runConfig(), image.image().runConfig().path("Entrypoint"), env);

            String id = "telemetry-worker-it-" + ProcessHandle.current().pid();
            Path log = bundle.resolve("container.log");
            Process container = new ProcessBuilder("runc", "--root", state.toString(), "run", "--bundle",
                    bundle.toString(), id).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                String ready = awaitReady(management, container, log);
                assertThat(ready).contains("\"status\": \"UP\"").contains("Database connections health check");
                String metrics = get(URI.create("http://127.0.0.1:" + management + "/q/metrics")).body();
                // The Deployment's options reached the JVM: the serial collector's pools, a 96 MiB metaspace cap.
                assertThat(metrics).contains("id=\"Tenured Gen\"")
                        .contains("jvm_memory_max_bytes{area=\"nonheap\",id=\"Metaspace\"} 1.00663296E8");
            } finally {
                new ProcessBuilder("runc", "--root", state.toString(), "kill", id, "KILL").start().waitFor();
                container.waitFor();
                new ProcessBuilder("runc", "--root", state.toString(), "delete", "--force", id).start().waitFor();
            }
        }
    }

    /** The worker Deployment's JAVA_OPTS_APPEND, as shipped. */
    private static String shippedJavaOptions() throws IOException {
        Matcher matcher = JAVA_OPTS.matcher(Files.readString(ImageConfigIT.ROOT.resolve(
                "deploy/openshift/base/worker/deployment.yaml")));
        assertThat(matcher.find()).as("JAVA_OPTS_APPEND in the worker Deployment").isTrue();
        return matcher.group(1).strip();
    }

    /**
     * Runs {@code /bin/sh -c true} from the image with the worker's spec; returns runc's refusal where runc itself
     * could not start it (the environment's doing), nothing where it ran. The image's own faults fail the test: a
     * process runc could not exec, or a shell that ran and failed.
     */
    private static String probe(Path bundle, Path state, JsonNode image) throws Exception {
        ArrayNode shell = JSON.createArrayNode().add("/bin/sh").add("-c").add("true");
        writeRuncConfig(bundle, image, shell, (ArrayNode) image.path("Env"));
        String id = "telemetry-worker-probe-" + ProcessHandle.current().pid();
        Process runc = new ProcessBuilder("runc", "--root", state.toString(), "run", "--bundle", bundle.toString(), id)
                .redirectErrorStream(true).start();
        String output = new String(runc.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int exit = runc.waitFor();
        new ProcessBuilder("runc", "--root", state.toString(), "delete", "--force", id).start().waitFor();
        if (exit == 0) {
            return "";
        }
        assertThat(output).as("the image's /bin/sh -c true under runc (exit %d)", exit)
                .contains("runc run failed").doesNotContain("unable to start container process: exec:");
        return output;
    }

    /** runc's default spec with the image's user and directory, the manifests' restrictions; the host's network. */
    private static void writeRuncConfig(Path bundle, JsonNode image, JsonNode args, ArrayNode env) throws Exception {
        Files.deleteIfExists(bundle.resolve("config.json"));
        assertThat(new ProcessBuilder("runc", "spec", "--bundle", bundle.toString()).start().waitFor()).isZero();
        ObjectNode spec = (ObjectNode) JSON.readTree(bundle.resolve("config.json").toFile());
        ObjectNode process = (ObjectNode) spec.get("process");
        process.put("terminal", false);
        process.set("args", args);
        process.put("cwd", image.path("WorkingDir").asText());
        process.putObject("user").put("uid", Integer.parseInt(image.path("User").asText())).put("gid", 0);
        process.set("env", env);
        ((ObjectNode) spec.get("root")).put("readonly", true);
        ArrayNode namespaces = (ArrayNode) spec.at("/linux/namespaces");
        for (int i = namespaces.size() - 1; i >= 0; i--) {
            if (namespaces.get(i).path("type").asText().equals("network")) {
                namespaces.remove(i);
            }
        }
        ((ArrayNode) spec.get("mounts")).addObject().put("destination", "/tmp").put("type", "tmpfs")
                .put("source", "tmpfs").putArray("options").add("nosuid").add("nodev").add("mode=1777");
        JSON.writerWithDefaultPrettyPrinter().writeValue(bundle.resolve("config.json").toFile(), spec);
    }

    /**
     * Polls readiness until it answers 200; fails with the container's log once it has exited, or after the 5 minutes
     * the Deployment's startup probe allows (a loaded build machine is slow, not wrong).
     */
    private static String awaitReady(int port, Process container, Path log) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(5));
        URI ready = URI.create("http://127.0.0.1:" + port + "/q/health/ready");
        while (Instant.now().isBefore(deadline) && container.isAlive()) {
            try {
                HttpResponse<String> response = get(ready);
                if (response.statusCode() == 200) {
                    return response.body();
                }
            } catch (IOException notListeningYet) {
                // The JVM is still starting.
            }
            Thread.sleep(250);
        }
        throw new AssertionError("the worker's container did not become ready (alive: " + container.isAlive()
                + "); its log:\n" + Files.readString(log));
    }

    private static HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static boolean onPath(String command) {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
    }
}
