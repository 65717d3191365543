package org.aitelemetry.images;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.aitelemetry.images.debian.DebianLock;
import org.aitelemetry.images.debian.JavaRuntimeBase;
import org.aitelemetry.images.debian.DebianPackage;
import org.aitelemetry.images.oci.OciArchive;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The worker's and the site's images as the build wrote them: the reference the manifests' overlay pins, a non-root
 * numeric user, run-java.sh as the entrypoint starting the packaged jar, the app's two ports exposed, the OCI labels,
 * the packaged app's files and a Java runtime from the locked Debian packages in the layers.
 */
class ImageConfigIT {

    static final Path ROOT = Path.of(System.getProperty("deploy.root", "..")).toAbsolutePath().normalize();
    private static final String JAVA = JavaRuntimeBase.JAVA_HOME.substring(1);

    @ParameterizedTest
    @ValueSource(strings = {"telemetry-worker", "telemetry-site"})
    void imageRunsTheAppAsANonRootUserOnItsPorts(String app, @TempDir Path blobs) throws IOException {
        BuiltImage built = BuiltImage.of(app, blobs);
        JsonNode config = built.image().runConfig();

        assertThat(built.read().reference()).isEqualTo(System.getProperty("images.registry") + "/" + app + ":"
                + System.getProperty("images.tag"));
        assertThat(config.path("User").asText()).matches("[1-9][0-9]*");
        assertThat(config.path("Entrypoint").toString()).isEqualTo("[\"/deployments/run-java.sh\"]");
        assertThat(config.path("WorkingDir").asText()).isEqualTo("/deployments");
        String launcher = new String(built.read("deployments/run-java.sh"), StandardCharsets.UTF_8);
        assertThat(launcher).startsWith("#!/bin/sh\n")
                .contains("exec java $AOT_CACHE_OPTION $JAVA_OPTS_APPEND -jar quarkus-run.jar");
        Properties properties = appProperties(app);
        assertThat(fieldNames(config.path("ExposedPorts"))).containsExactlyInAnyOrder(
                properties.getProperty("quarkus.http.port") + "/tcp",
                properties.getProperty("quarkus.management.port") + "/tcp");
        assertThat(config.path("Env").toString()).contains("PATH=" + JavaRuntimeBase.JAVA_HOME + "/bin:");
    }

    @ParameterizedTest
    @ValueSource(strings = {"telemetry-worker", "telemetry-site"})
    void labelsNameTheAppItsVersionSourceRevisionAndBase(String app, @TempDir Path blobs) throws IOException {
        BuiltImage built = BuiltImage.of(app, blobs);
        JsonNode labels = built.image().runConfig().path("Labels");
        String baseDigest = OciArchive.read(BuiltImage.OUTPUT.resolve(BuildImages.BASE_ARCHIVE),
                blobs.resolve("base")).manifestDigest();

        assertThat(labels.path("org.opencontainers.image.title").asText()).isEqualTo(app);
        assertThat(labels.path("org.opencontainers.image.version").asText())
                .isEqualTo(System.getProperty("images.version"));
        assertThat(labels.path("org.opencontainers.image.source").asText())
                .isEqualTo(System.getProperty("images.source"));
        assertThat(labels.path("org.opencontainers.image.revision").asText()).isEqualTo(gitHead());
        assertThat(labels.path("org.opencontainers.image.base.digest").asText()).isEqualTo(baseDigest);
        assertThat(labels.path(JavaRuntimeBase.PACKAGES_LABEL).asText().split(" "))
                .containsExactlyElementsOf(expectedPins(labels.path(JavaRuntimeBase.SUBSTITUTED_LABEL).asText()));
    }

    /**
     * The lock's pins, but where the archive no longer served a locked version the build used the current one and
     * named it in the substitution label ("name=locked>current").
     */
    private static List<String> expectedPins(String substituted) throws IOException {
        Map<String, String> current = new HashMap<>();
        for (String substitution : substituted.split(" ")) {
            if (!substitution.isEmpty()) {
                current.put(substitution.substring(0, substitution.indexOf('>')),
                        substitution.substring(substitution.indexOf('>') + 1));
            }
        }
        List<DebianPackage> locked = DebianLock.read(ROOT.resolve("telemetry-images/debian-base.lock"));
        assertThat(locked).extracting(DebianPackage::pin).containsAll(current.keySet());
        return locked.stream().map(pkg -> current.containsKey(pkg.pin())
                ? pkg.name() + "=" + current.get(pkg.pin()) : pkg.pin()).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"telemetry-worker", "telemetry-site"})
    void layersHoldThePackagedAppAndAJavaRuntimeOwnedByRoot(String app, @TempDir Path blobs) throws IOException {
        Map<String, TarArchiveEntry> files = BuiltImage.of(app, blobs).files();
        Path packaged = ROOT.resolve(app + "/target/quarkus-app");

        assertThat(files.keySet()).containsAll(packagedFiles(packaged));
        assertThat(files.get(JAVA + "/bin/java").getMode() & 0111).isEqualTo(0111);
        assertThat(files).containsKeys(JAVA + "/lib/server/libjvm.so", JAVA + "/lib/modules",
                "etc/ssl/certs/java/cacerts", "usr/bin/dash", "etc/passwd");
        // Merged /usr: the ELF interpreter /lib64/ld-linux-x86-64.so.2 and /bin/sh through the links.
        assertThat(files.get("lib64").getLinkName()).isEqualTo("usr/lib64");
        assertThat(files.get("usr/lib64/ld-linux-x86-64.so.2").isSymbolicLink()).isTrue();
        assertThat(files.get("bin").getLinkName()).isEqualTo("usr/bin");
        assertThat(files.get("usr/bin/sh").getLinkName()).isEqualTo("dash");
        assertThat(files.get(JAVA + "/lib/security/cacerts").getLinkName()).isEqualTo("/etc/ssl/certs/java/cacerts");
        assertThat(files.values()).allSatisfy(entry -> assertThat(entry.getLongUserId()).isZero());
        // Nothing the app's user could change but /tmp, which the manifests replace with an emptyDir anyway.
        assertThat(files.values().stream().filter(entry -> !entry.isSymbolicLink() && (entry.getMode() & 0002) != 0)
                .map(TarArchiveEntry::getName)).containsExactly("tmp/");
        assertThat(files.values().stream().filter(entry -> entry.getName().startsWith("deployments/")
                && entry.isFile()).map(entry -> entry.getMode() & 0444)).containsOnly(0444);
    }

    private static Set<String> packagedFiles(Path packaged) throws IOException {
        try (Stream<Path> tree = Files.walk(packaged)) {
            return tree.filter(Files::isRegularFile).map(packaged::relativize).map(Path::toString)
                    .filter(path -> path.startsWith("lib/") || path.startsWith("app/") || path.startsWith("quarkus/")
                            || path.equals("quarkus-run.jar"))
                    .map(path -> "deployments/" + path).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    static Properties appProperties(String app) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(ROOT.resolve(app + "/src/main/resources/application.properties"))) {
            properties.load(in);
        }
        return properties;
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String gitHead() throws IOException {
        Process git = new ProcessBuilder("git", "-C", ROOT.toString(), "rev-parse", "HEAD").start();
        return new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    }
}
