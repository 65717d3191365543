package org.aitelemetry.images;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.aitelemetry.devkit.FileTrees;
import org.aitelemetry.images.aot.AotTraining;
import org.aitelemetry.images.containerfile.Containerfile;
import org.aitelemetry.images.containerfile.ContainerfileBuild;
import org.aitelemetry.images.debian.DebianArchive;
import org.aitelemetry.images.debian.DebianLock;
import org.aitelemetry.images.debian.JavaRuntimeBase;
import org.aitelemetry.images.debian.PackageCache;
import org.aitelemetry.images.debian.SignedRelease;
import org.aitelemetry.images.oci.OciArchive;
import org.aitelemetry.images.oci.OciImage;

/**
 * The build's images, without a daemon or root (run by the module's pom in the package phase): the Java runtime base
 * from debian-base.lock, then the apps' Containerfile applied to it once per app (APP and its ports as build
 * arguments), each written as an OCI archive {@code <output>/<name>.oci.tar} under the reference
 * {@code <registry>/<name>:<tag>}.
 * Arguments: repository root, output directory, registry, tag, version, source URL, AOT cache mode (auto, required,
 * off; {@link #addAotCache}).
 */
public final class BuildImages {

    /** The apps whose images this build makes. */
    public static final List<String> APPS = List.of("telemetry-worker", "telemetry-site");
    /** gpu-probe/Containerfile needs NVIDIA's CUDA images, which CI cannot reach: podman builds it (operations.md). */
    public static final String PROBE = "gpu-probe";
    public static final String BASE_ARCHIVE = "java-runtime-base.oci.tar";
    /** The recipe of both apps' images, relative to the repository root (the build context). */
    public static final String CONTAINERFILE = "telemetry-images/src/main/container/Containerfile";

    private BuildImages() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]).toAbsolutePath().normalize();
        Path output = Path.of(args[1]).toAbsolutePath();
        String registry = args[2];
        String tag = args[3];
        String aot = args.length > 6 ? args[6] : "auto";
        if (!List.of("auto", "required", "off").contains(aot)) {
            throw new IllegalArgumentException("images.aot is auto, required or off, not " + aot);
        }
        Map<String, String> buildArguments = Map.of("VERSION", args[4], "REVISION", revision(root),
                "SOURCE", args[5], "BASE_IMAGE", "oci-archive:" + root.relativize(output.resolve(BASE_ARCHIVE)));
        Path work = output.resolve("work");
        FileTrees.deleteRecursively(work);

        DebianArchive debian = new DebianArchive(DebianArchive.DEBIAN_MIRROR, SignedRelease.DEBIAN_KEYRING,
                work.resolve("debian-archive"), Clock.systemUTC());
        PackageCache cache = new PackageCache(Path.of(System.getProperty("user.home"), ".cache", "ai-telemetry",
                "debs"), debian, System.out);
        OciImage base = new JavaRuntimeBase(DebianLock.read(root.resolve("telemetry-images/debian-base.lock")), cache)
                .build(Files.createDirectories(work.resolve("base")));
        String baseDigest = OciArchive.write(base, "ai-telemetry-java-runtime:" + tag, output.resolve(BASE_ARCHIVE));
        System.out.println("[images] " + output.resolve(BASE_ARCHIVE) + " " + baseDigest);

        Containerfile recipe = Containerfile.read(root.resolve(CONTAINERFILE));
        try (AotTraining training = new AotTraining(root, work)) {
            for (String app : APPS) {
                Map<String, String> appArguments = new HashMap<>(buildArguments);
                appArguments.putAll(appArguments(root, app));
                OciImage image = new ContainerfileBuild(root, appArguments, work.resolve(app)).apply(recipe);
                image.labels().put("org.opencontainers.image.base.digest", baseDigest);
                addAotCache(aot, training, app, image, work.resolve(app + "-aot"));
                Path archive = output.resolve(app + ".oci.tar");
                String digest = OciArchive.write(image, registry + "/" + app + ":" + tag, archive);
                System.out.println("[images] " + archive + " " + registry + "/" + app + ":" + tag + " " + digest);
            }
        }
        FileTrees.deleteRecursively(work);
    }

    /**
     * The app's AOT cache as the image's last layer, recorded by a training run of the image under runc ({@code aot}
     * {@code auto}: where runc can run it, else a warning; {@code required}: else the build fails; {@code off}: none,
     * so that the images are reproducible bit for bit from the commit, which a training run's recording is not).
     */
    private static void addAotCache(String aot, AotTraining training, String app, OciImage image, Path work)
            throws Exception {
        if (aot.equals("off")) {
            System.out.println("[images] " + app + ": no AOT cache (images.aot=off)");
            return;
        }
        Optional<String> refusal = AotTraining.prepare(image, work);
        if (refusal.isEmpty()) {
            training.addCache(app, image, work);
        } else if (aot.equals("required")) {
            throw new IllegalStateException(app + "'s AOT cache cannot be recorded here (images.aot=required): "
                    + refusal.get());
        } else {
            System.out.println("[images] WARNING: " + app + "'s image carries no AOT cache, and starts slower: "
                    + refusal.get());
        }
    }

    /** APP and its ports, from the properties the app is packaged with: the image exposes what the app listens on. */
    private static Map<String, String> appArguments(Path root, String app) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(root.resolve(app + "/src/main/resources/application.properties"))) {
            properties.load(in);
        }
        return Map.of("APP", app, "HTTP_PORT", required(properties, app, "quarkus.http.port"),
                "MANAGEMENT_PORT", required(properties, app, "quarkus.management.port"));
    }

    private static String required(Properties properties, String app, String key) {
        String value = properties.getProperty(key);
        if (value == null || !value.strip().matches("[0-9]+")) {
            throw new IllegalStateException(app + "'s application.properties sets no port " + key);
        }
        return value.strip();
    }

    /** The commit the images are built from (their revision label); "unknown" outside a git checkout. */
    private static String revision(Path root) throws IOException, InterruptedException {
        try {
            Process git = new ProcessBuilder("git", "-C", root.toString(), "rev-parse", "HEAD")
                    .redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return git.waitFor() == 0 && out.matches("[0-9a-f]{40}") ? out : "unknown";
        } catch (IOException e) {
            return "unknown";
        }
    }
}
