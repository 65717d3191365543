package org.aitelemetry.images.containerfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.aitelemetry.images.oci.LayerWriter;
import org.aitelemetry.images.oci.OciArchive;
import org.aitelemetry.images.oci.OciImage;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A Containerfile applied to an oci-archive base without a daemon, and what such a build refuses. */
class ContainerfileBuildTest {

    @TempDir
    Path context;

    @BeforeEach
    void baseAndApp() throws IOException {
        OciImage base = OciImage.scratch();
        try (LayerWriter layer = new LayerWriter(context.resolve("base.tar.gz"))) {
            layer.file("etc/passwd", 0644, "root:x:0:0::/:/bin/sh\n".getBytes());
            base.addLayer(layer.finish(), "base");
        }
        base.runConfig().putArray("Env").add("PATH=/usr/bin").add("LANG=C");
        OciArchive.write(base, "base:1", context.resolve("base.oci.tar"));
        Files.createDirectories(context.resolve("app/lib"));
        Files.writeString(context.resolve("app/lib/a.jar"), "jar");
        Files.writeString(context.resolve("app/run.sh"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(context.resolve("app/run.sh"), PosixFilePermissions.fromString("rwxr-x---"));
    }

    @Test
    void appliesEveryInstructionToTheBase() throws IOException {
        OciImage image = build("""
                ARG BASE=oci-archive:base.oci.tar
                FROM ${BASE}
                ARG VERSION
                LABEL org.opencontainers.image.version="${VERSION}" title=app
                ENV LANG=C.UTF-8 MODE=prod
                COPY app/lib/ /deployments/lib/
                COPY app/run.sh /deployments/
                WORKDIR /deployments
                EXPOSE 8080 9000/tcp
                USER 1001
                ENTRYPOINT ["/deployments/run.sh"]
                CMD ["--help"]
                """, Map.of("VERSION", "2.0"));

        assertThat(image.labels().path("org.opencontainers.image.version").asText()).isEqualTo("2.0");
        assertThat(image.runConfig().path("Env").toString()).isEqualTo("[\"PATH=/usr/bin\",\"LANG=C.UTF-8\",\"MODE=prod\"]");
        assertThat(image.runConfig().path("ExposedPorts").toString()).isEqualTo("{\"8080/tcp\":{},\"9000/tcp\":{}}");
        assertThat(image.runConfig().path("User").asText()).isEqualTo("1001");
        assertThat(image.runConfig().path("WorkingDir").asText()).isEqualTo("/deployments");
        assertThat(image.runConfig().path("Entrypoint").toString()).isEqualTo("[\"/deployments/run.sh\"]");
        assertThat(image.runConfig().path("Cmd").toString()).isEqualTo("[\"--help\"]");
        assertThat(image.layers()).hasSize(3);
        assertThat(image.config().at("/rootfs/diff_ids")).hasSize(3);
        assertThat(entries(image, 1)).containsEntry("deployments/lib/a.jar", 0644).containsKey("deployments/lib/");
        // Executable where the source is, readable by any UID, never writable but by root.
        assertThat(entries(image, 2)).containsEntry("deployments/run.sh", 0755);
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            FROM registry.example.org/base:1                       | reads its base from an oci-archive: file
            FROM oci-archive:base.oci.tar\\nRUN echo hi            | not supported by the daemonless build
            FROM oci-archive:base.oci.tar\\nCOPY missing/ /x/      | build the app first
            FROM oci-archive:base.oci.tar\\nCOPY ../outside /x     | is not in the build context
            FROM oci-archive:base.oci.tar\\nCOPY --chown=1:1 a /x  | without options
            ARG NEEDED\\nFROM oci-archive:base.oci.tar             | NEEDED has no default and the build gives none
            USER 1001\\nFROM oci-archive:base.oci.tar              | only ARG may come before FROM
            FROM oci-archive:base.oci.tar\\nFROM oci-archive:base.oci.tar | takes one stage
            """)
    void refuses(String containerfile, String reason) {
        assertThatThrownBy(() -> build(containerfile.replace("\\n", "\n"), Map.of())).hasMessageContaining(reason);
    }

    private OciImage build(String text, Map<String, String> arguments) throws IOException {
        Path file = Files.writeString(context.resolve("Containerfile"), text);
        return new ContainerfileBuild(context, arguments, context.resolve("work")).apply(Containerfile.read(file));
    }

    private static Map<String, Integer> entries(OciImage image, int layer) throws IOException {
        Map<String, Integer> modes = new LinkedHashMap<>();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new GZIPInputStream(Files.newInputStream(
                image.layers().get(layer).blob())))) {
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                modes.put(entry.getName(), entry.getMode() & 07777);
            }
        }
        return modes;
    }
}
