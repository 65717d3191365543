package org.aitelemetry.images.containerfile;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.aitelemetry.images.oci.LayerWriter;
import org.aitelemetry.images.oci.OciArchive;
import org.aitelemetry.images.oci.OciImage;
import org.apache.commons.compress.archivers.tar.TarConstants;

/**
 * Applies a single-stage Containerfile to its base without a daemon, as podman or buildah would for the instructions
 * the apps' Containerfile uses: ARG, FROM (an {@code oci-archive:} base only), LABEL, ENV, COPY, USER, WORKDIR,
 * EXPOSE, ENTRYPOINT and CMD (exec form). RUN, and anything else, is refused: nothing executes inside the image, so
 * the same file is the recipe for both builders.
 */
public final class ContainerfileBuild {

    /** Where Containerfile builders replace $NAME (not in ENTRYPOINT or CMD, which a shell may expand at start). */
    private static final Set<String> SUBSTITUTED = Set.of("FROM", "LABEL", "ENV", "COPY", "USER", "WORKDIR",
            "EXPOSE");

    private final Path context;
    private final Map<String, String> buildArguments;
    private final Path work;

    /** COPY sources are relative to {@code context}; the build's blobs go under {@code work}. */
    public ContainerfileBuild(Path context, Map<String, String> buildArguments, Path work) {
        this.context = context;
        this.buildArguments = buildArguments;
        this.work = work;
    }

    public OciImage apply(Containerfile file) throws IOException {
        if (file.stages().size() != 1) {
            throw new IllegalArgumentException(file.path() + ": the daemonless build takes one stage");
        }
        Map<String, String> scope = new HashMap<>();
        OciImage image = null;
        int layers = 0;
        for (Instruction instruction : file.instructions()) {
            String arguments = SUBSTITUTED.contains(instruction.keyword())
                    ? Containerfile.substitute(instruction, scope) : instruction.arguments();
            Instruction resolved = new Instruction(instruction.keyword(), arguments, instruction.line());
            if (resolved.keyword().equals("ARG")) {
                declare(resolved, scope);
            } else if (resolved.keyword().equals("FROM")) {
                image = base(resolved);
                // Build arguments declared before FROM are for FROM only, as in Containerfile builds.
                scope.clear();
            } else if (image == null) {
                throw resolved.invalid("only ARG may come before FROM");
            } else if (resolved.keyword().equals("COPY")) {
                copy(resolved, image, work.resolve("layer-" + (++layers) + ".tar.gz"));
            } else {
                configure(resolved, image.runConfig(), image);
                image.addHistory(resolved.keyword() + " " + resolved.arguments());
            }
        }
        return image;
    }

    private void declare(Instruction arg, Map<String, String> scope) {
        String[] nameAndDefault = arg.arguments().strip().split("=", 2);
        String value = buildArguments.getOrDefault(nameAndDefault[0], nameAndDefault.length > 1
                ? nameAndDefault[1].replaceAll("^\"|\"$", "") : null);
        if (value == null) {
            throw arg.invalid(nameAndDefault[0] + " has no default and the build gives none");
        }
        scope.put(nameAndDefault[0], value);
    }

    private OciImage base(Instruction from) throws IOException {
        String reference = from.words().get(0);
        if (!reference.startsWith("oci-archive:")) {
            throw from.invalid("the daemonless build reads its base from an oci-archive: file, not " + reference
                    + " (build a registry base with podman: docs/operations.md, \"Images\")");
        }
        Path archive = context.resolve(reference.substring("oci-archive:".length()));
        return OciArchive.read(archive, work.resolve("base")).image().derive();
    }

    private static void configure(Instruction instruction, ObjectNode config, OciImage image) {
        switch (instruction.keyword()) {
            case "LABEL" -> instruction.pairs().forEach(image.labels()::put);
            case "ENV" -> instruction.pairs().forEach((name, value) -> setEnv(config, name, value));
            case "USER" -> config.put("User", instruction.words().get(0));
            case "WORKDIR" -> config.put("WorkingDir", instruction.words().get(0));
            case "EXPOSE" -> {
                ObjectNode ports = config.has("ExposedPorts") ? (ObjectNode) config.get("ExposedPorts")
                        : config.putObject("ExposedPorts");
                instruction.words().forEach(port -> ports.putObject(port.contains("/") ? port : port + "/tcp"));
            }
            case "ENTRYPOINT" -> strings(config.putArray("Entrypoint"), instruction.execForm());
            case "CMD" -> strings(config.putArray("Cmd"), instruction.execForm());
            default -> throw instruction.invalid("not supported by the daemonless build (nothing runs inside it)");
        }
    }

    private static void setEnv(ObjectNode config, String name, String value) {
        ArrayNode env = config.has("Env") ? (ArrayNode) config.get("Env") : config.putArray("Env");
        for (int i = 0; i < env.size(); i++) {
            if (env.get(i).asText().startsWith(name + "=")) {
                env.remove(i);
                break;
            }
        }
        env.add(name + "=" + value);
    }

    private static void strings(ArrayNode array, List<String> words) {
        words.forEach(array::add);
    }

    /** COPY source... destination: a directory's content goes under the destination, a file to it (or into it). */
    private void copy(Instruction copy, OciImage image, Path blob) throws IOException {
        List<String> words = copy.words();
        if (words.size() < 2 || words.stream().anyMatch(word -> word.startsWith("--"))) {
            throw copy.invalid("expected COPY <source>... <destination>, without options");
        }
        String destination = words.get(words.size() - 1);
        Files.createDirectories(work);
        try (LayerWriter layer = new LayerWriter(blob)) {
            parents(layer, destination);
            for (String source : words.subList(0, words.size() - 1)) {
                Path from = context.resolve(source).normalize();
                if (!from.startsWith(context.normalize()) || !Files.exists(from)) {
                    throw copy.invalid(source + " is not in the build context " + context
                            + (Files.exists(from) ? "" : " (build the app first: ./mvnw package)"));
                }
                if (Files.isDirectory(from)) {
                    addTree(layer, from, destination.replaceAll("/$", ""));
                } else {
                    String target = destination.endsWith("/") ? destination + from.getFileName() : destination;
                    addFile(layer, from, target);
                }
            }
            image.addLayer(layer.finish(), "COPY " + copy.arguments());
        }
    }

    private static void parents(LayerWriter layer, String destination) throws IOException {
        String[] parts = LayerWriter.relative(destination).split("/");
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < parts.length - (destination.endsWith("/") ? 0 : 1); i++) {
            path.append(i == 0 ? "" : "/").append(parts[i]);
            layer.directory(path.toString(), 0755);
        }
    }

    private static void addTree(LayerWriter layer, Path root, String destination) throws IOException {
        try (Stream<Path> tree = Files.walk(root)) {
            for (Path path : tree.sorted().toList()) {
                String target = destination + "/" + root.relativize(path).toString().replace('\\', '/');
                if (Files.isDirectory(path)) {
                    layer.directory(target.replaceAll("/$", ""), 0755);
                } else {
                    addFile(layer, path, target);
                }
            }
        }
    }

    /** Files are root's, readable by any UID (OpenShift picks one); executable where the source is. */
    private static void addFile(LayerWriter layer, Path file, String target) throws IOException {
        boolean executable = Files.getPosixFilePermissions(file).contains(PosixFilePermission.OWNER_EXECUTE);
        var entry = LayerWriter.entry(target, TarConstants.LF_NORMAL,
                executable ? 0755 : 0644, LayerWriter.FIXED_TIME);
        entry.setSize(Files.size(file));
        try (InputStream content = Files.newInputStream(file)) {
            layer.put(entry, content);
        }
    }
}
