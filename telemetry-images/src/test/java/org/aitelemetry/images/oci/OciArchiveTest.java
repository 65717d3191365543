package org.aitelemetry.images.oci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Layers and archives: the same content gives the same digests, and an archive reads back as it was written. */
class OciArchiveTest {

    @Test
    void sameContentGivesTheSameDigests(@TempDir Path dir) throws IOException {
        Layer first = sample(dir.resolve("a.tar.gz"));
        Layer second = sample(dir.resolve("b.tar.gz"));

        assertThat(second.digest()).isEqualTo(first.digest()).startsWith("sha256:");
        assertThat(second.diffId()).isEqualTo(first.diffId()).isNotEqualTo(first.digest());
        assertThat(first.size()).isEqualTo(Files.size(first.blob()));
    }

    @Test
    void entriesAreRelativeOwnedByRootAndWrittenOnce(@TempDir Path dir) throws IOException {
        List<TarArchiveEntry> entries = new ArrayList<>();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new GZIPInputStream(Files.newInputStream(
                sample(dir.resolve("a.tar.gz")).blob())))) {
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                entries.add(entry);
            }
        }

        assertThat(entries).extracting(TarArchiveEntry::getName).containsExactly("etc/", "etc/hello", "bin/sh");
        assertThat(entries).allSatisfy(entry -> assertThat(entry.getLongUserId()).isZero());
        assertThat(entries.get(1).getSize()).isEqualTo(5);
        assertThat(entries.get(2).getLinkName()).isEqualTo("dash");
    }

    @Test
    void readsBackWhatItWrote(@TempDir Path dir) throws IOException {
        OciImage image = OciImage.scratch();
        image.addLayer(sample(dir.resolve("a.tar.gz")), "sample");
        image.runConfig().put("User", "1001");
        image.labels().put("org.opencontainers.image.title", "sample");
        Path archive = dir.resolve("out/sample.oci.tar");

        String digest = OciArchive.write(image, "example.org/sample:1", archive);
        OciArchive.Read read = OciArchive.read(archive, dir.resolve("blobs"));

        assertThat(read.reference()).isEqualTo("example.org/sample:1");
        assertThat(read.manifestDigest()).isEqualTo(digest);
        assertThat(read.manifest().at("/layers/0/mediaType").asText()).isEqualTo(OciArchive.LAYER_TYPE);
        assertThat(read.image().config()).isEqualTo(image.config());
        assertThat(read.image().layers()).singleElement().satisfies(layer ->
                assertThat(Files.readAllBytes(layer.blob())).isEqualTo(Files.readAllBytes(image.layers().get(0).blob())));
        assertThat(OciArchive.write(read.image(), "example.org/sample:1", dir.resolve("again.oci.tar")))
                .isEqualTo(digest);
    }

    @Test
    void refusesAFileThatIsNoOciArchive(@TempDir Path dir) throws IOException {
        Path archive = dir.resolve("empty.tar");
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(Files.newOutputStream(archive))) {
            tar.finish();
        }

        assertThatThrownBy(() -> OciArchive.read(archive, dir.resolve("blobs"))).hasMessageContaining("no index.json");
    }

    private static Layer sample(Path blob) throws IOException {
        try (LayerWriter layer = new LayerWriter(blob)) {
            layer.directory("/etc", 0755);
            layer.file("./etc/hello", 0644, "hello".getBytes(StandardCharsets.UTF_8));
            layer.file("etc/hello", 0644, "ignored: the first wins".getBytes(StandardCharsets.UTF_8));
            layer.symlink("bin/sh", "dash");
            return layer.finish();
        }
    }
}
