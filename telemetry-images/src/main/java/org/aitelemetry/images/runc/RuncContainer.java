package org.aitelemetry.images.runc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.aitelemetry.images.oci.OciImage;
import org.aitelemetry.images.oci.RootFilesystem;

/**
 * Containers run by runc (Debian's, as root; bin/setup-debian installs it) from an image unpacked into
 * {@code <bundle>/rootfs}: runc's default spec with the image's user, working directory and environment, the manifests'
 * restrictions (a read-only root, /tmp on tmpfs) and the host's network, so a container reaches servers on loopback.
 * Folders of the host can be bound in writable, for what a container must leave behind.
 */
public final class RuncContainer {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path bundle;
    private final Path state;
    private final JsonNode image;

    /** {@code image}: the image configuration's {@code config} (User, WorkingDir, Env, Entrypoint). */
    public RuncContainer(Path bundle, JsonNode image) throws IOException {
        this.bundle = bundle;
        this.state = Files.createDirectories(bundle.resolve("runc-state"));
        this.image = image;
    }

    /** Why runc cannot run containers here, if it cannot: not installed, or not root (no user namespace mapping). */
    public static Optional<String> unavailable() {
        boolean installed = Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, "runc")));
        if (!installed) {
            return Optional.of("runc is not installed (bin/setup-debian installs it)");
        }
        return "root".equals(System.getProperty("user.name")) ? Optional.empty()
                : Optional.of("runc runs containers as root here, and this build is not root");
    }

    /** The image's layers unpacked into {@code <bundle>/rootfs}, ready to run. */
    public static RuncContainer unpack(OciImage image, Path bundle) throws IOException {
        RuncContainer container = new RuncContainer(Files.createDirectories(bundle), image.runConfig());
        RootFilesystem.unpack(image, container.rootfs());
        return container;
    }

    public Path rootfs() {
        return bundle.resolve("rootfs");
    }

    /** Starts {@code args} (the image's entrypoint when null) with the image's environment and {@code env} after it. */
    public Process start(String id, JsonNode args, List<String> env, Map<String, Path> binds, Path log)
            throws IOException, InterruptedException {
        writeSpec(args, env, binds);
        return new ProcessBuilder("runc", "--root", state.toString(), "run", "--bundle", bundle.toString(), id)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Runs a container to its end ({@code args} as for {@link #start}): its exit status, what it and runc printed. */
    public Finished run(String id, JsonNode args, List<String> env, Map<String, Path> binds)
            throws IOException, InterruptedException {
        writeSpec(args, env, binds);
        Process runc = new ProcessBuilder("runc", "--root", state.toString(), "run", "--bundle", bundle.toString(), id)
                .redirectErrorStream(true).start();
        String output = new String(runc.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int exit = runc.waitFor();
        delete(id);
        return new Finished(exit, output);
    }

    /**
     * Runs {@code /bin/sh -c true} from the image: runc's refusal where runc itself could not start it (the
     * environment's doing: a sandbox that refuses namespaces, cgroups or rlimits), nothing where it ran. The image's
     * faults are errors: a process runc could not exec, or a shell that ran and failed.
     */
    public Optional<String> refusal(String id) throws IOException, InterruptedException {
        Finished shell = run(id, JSON.createArrayNode().add("/bin/sh").add("-c").add("true"), List.of(), Map.of());
        if (shell.exit() == 0) {
            return Optional.empty();
        }
        if (!shell.output().contains("runc run failed")
                || shell.output().contains("unable to start container process: exec:")) {
            throw new IllegalStateException("the image's /bin/sh -c true failed under runc (exit " + shell.exit()
                    + "): " + shell.output());
        }
        return Optional.of(shell.output());
    }

    /** The host's process id of a running container's first process. */
    public long pid(String id) throws IOException, InterruptedException {
        Process runcState = new ProcessBuilder("runc", "--root", state.toString(), "state", id).start();
        JsonNode json = JSON.readTree(runcState.getInputStream());
        if (runcState.waitFor() != 0 || !json.path("pid").canConvertToLong()) {
            throw new IOException("runc state " + id + " failed");
        }
        return json.path("pid").asLong();
    }

    /** Sends a signal (TERM, KILL) to the container's first process. */
    public void signal(String id, String signal) throws IOException, InterruptedException {
        new ProcessBuilder("runc", "--root", state.toString(), "kill", id, signal).start().waitFor();
    }

    public void delete(String id) throws IOException, InterruptedException {
        new ProcessBuilder("runc", "--root", state.toString(), "delete", "--force", id).start().waitFor();
    }

    /** A container's exit status and output. */
    public record Finished(int exit, String output) {
    }

    private void writeSpec(JsonNode args, List<String> env, Map<String, Path> binds)
            throws IOException, InterruptedException {
        Files.deleteIfExists(bundle.resolve("config.json"));
        Process runcSpec = new ProcessBuilder("runc", "spec", "--bundle", bundle.toString()).start();
        if (runcSpec.waitFor() != 0) {
            throw new IOException("runc spec failed: " + new String(runcSpec.getErrorStream().readAllBytes(),
                    StandardCharsets.UTF_8));
        }
        ObjectNode spec = (ObjectNode) JSON.readTree(bundle.resolve("config.json").toFile());
        ObjectNode process = (ObjectNode) spec.get("process");
        process.put("terminal", false);
        process.set("args", args == null ? image.path("Entrypoint") : args);
        process.put("cwd", image.path("WorkingDir").asText("/"));
        process.putObject("user").put("uid", Integer.parseInt(image.path("User").asText("0"))).put("gid", 0);
        ArrayNode environment = ((ArrayNode) image.path("Env")).deepCopy();
        env.forEach(environment::add);
        process.set("env", environment);
        ((ObjectNode) spec.get("root")).put("readonly", true);
        ArrayNode namespaces = (ArrayNode) spec.at("/linux/namespaces");
        for (int i = namespaces.size() - 1; i >= 0; i--) {
            if (namespaces.get(i).path("type").asText().equals("network")) {
                namespaces.remove(i);
            }
        }
        ArrayNode mounts = (ArrayNode) spec.get("mounts");
        mounts.addObject().put("destination", "/tmp").put("type", "tmpfs").put("source", "tmpfs")
                .putArray("options").add("nosuid").add("nodev").add("mode=1777");
        binds.forEach((destination, source) -> mounts.addObject().put("destination", destination).put("type", "bind")
                .put("source", source.toAbsolutePath().toString()).putArray("options").add("rbind").add("rw"));
        JSON.writerWithDefaultPrettyPrinter().writeValue(bundle.resolve("config.json").toFile(), spec);
    }
}
