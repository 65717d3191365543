package org.aitelemetry.images.oci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Layers unpacked in order as a runtime does: a later layer's file replaces an earlier one's, and modes, links and
 * modification times are the layers' own (a class-data archive recorded in the tree checks its jars' times).
 */
class RootFilesystemTest {

    private static final long JAR_TIME = Instant.parse("2026-11-01T10:00:00Z").getEpochSecond();

    @Test
    void laterLayersWinAndModesLinksAndTimesAreTheLayers(@TempDir Path dir) throws IOException {
        OciImage image = OciImage.scratch();
        try (LayerWriter layer = new LayerWriter(dir.resolve("one.tar.gz"))) {
            layer.directory("deployments", 0755);
            layer.file("deployments/app.jar", 0644, bytes("first"));
            layer.file("deployments/run.sh", 0755, bytes("#!/bin/sh"));
            image.addLayer(layer.finish(), "one");
        }
        try (LayerWriter layer = new LayerWriter(dir.resolve("two.tar.gz"))) {
            TarArchiveEntry jar = LayerWriter.entry("deployments/app.jar", TarConstants.LF_NORMAL, 0444, JAR_TIME);
            jar.setSize(6);
            layer.put(jar, new ByteArrayInputStream(bytes("second")));
            layer.symlink("deployments/current.jar", "app.jar");
            image.addLayer(layer.finish(), "two");
        }

        Path root = dir.resolve("rootfs");
        RootFilesystem.unpack(image, root);

        Path jar = root.resolve("deployments/app.jar");
        assertThat(Files.readString(jar)).isEqualTo("second");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(jar))).isEqualTo("r--r--r--");
        assertThat(Files.getLastModifiedTime(jar).toInstant().getEpochSecond()).isEqualTo(JAR_TIME);
        assertThat(Files.getLastModifiedTime(root.resolve("deployments/run.sh")).toMillis())
                .isEqualTo(LayerWriter.FIXED_TIME);
        assertThat(Files.isExecutable(root.resolve("deployments/run.sh"))).isTrue();
        assertThat(Files.readSymbolicLink(root.resolve("deployments/current.jar"))).isEqualTo(Path.of("app.jar"));
        assertThat(Files.isSymbolicLink(root.resolve("deployments/current.jar"))).isTrue();
        assertThat(Files.exists(root.resolve("deployments/current.jar"), LinkOption.NOFOLLOW_LINKS)).isTrue();
    }

    @Test
    void anEntryOutsideTheRootIsRefused(@TempDir Path dir) throws IOException {
        OciImage image = OciImage.scratch();
        try (LayerWriter layer = new LayerWriter(dir.resolve("evil.tar.gz"))) {
            layer.file("../escaped", 0644, bytes("x"));
            image.addLayer(layer.finish(), "evil");
        }

        assertThatThrownBy(() -> RootFilesystem.unpack(image, dir.resolve("rootfs")))
                .isInstanceOf(IOException.class).hasMessageContaining("outside the root");
        assertThat(dir.resolve("escaped")).doesNotExist();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
