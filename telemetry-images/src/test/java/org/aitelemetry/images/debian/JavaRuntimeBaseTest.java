package org.aitelemetry.images.debian;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.aitelemetry.images.oci.OciImage;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The base from the miniature archive's real .debs: its labels name the versions it holds, the replacement of a
 * vanished locked version included, and its layer holds that version's files.
 */
class JavaRuntimeBaseTest {

    @TempDir
    Path work;

    @Test
    void labelsTheVersionsInsideWhenAVanishedOneWasReplaced() throws Exception {
        try (TestArchive archive = new TestArchive()) {
            DebianPackage certificates = archive.pinned("ca-certificates", "1",
                    "debian/pool/main/c/ca-certificates/ca-certificates_1_all.deb");
            DebianPackage vanished = new DebianPackage("p", "1",
                    archive.mirror().resolve("debian/pool/main/p/p/p_1_amd64.deb"), "0".repeat(64));
            PackageCache cache = archive.cache(work, Clock.systemUTC(),
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

            OciImage base = new JavaRuntimeBase(List.of(certificates, vanished), cache)
                    .build(Files.createDirectories(work.resolve("base")));

            assertThat(base.labels().path(JavaRuntimeBase.PACKAGES_LABEL).asText())
                    .isEqualTo("ca-certificates=1 p=2~deb13u1");
            assertThat(base.labels().path(JavaRuntimeBase.SUBSTITUTED_LABEL).asText()).isEqualTo("p=1>2~deb13u1");
            Map<String, byte[]> files = files(base);
            assertThat(files.get("usr/share/p/version")).asString(StandardCharsets.UTF_8).isEqualTo("2~deb13u1");
            KeyStore trustStore = KeyStore.getInstance("PKCS12");
            trustStore.load(new ByteArrayInputStream(files.get("etc/ssl/certs/java/cacerts")), null);
            assertThat(trustStore.aliases().nextElement()).isEqualTo("debian:ai_telemetry_test_ca.pem");
        }
    }

    @Test
    void aBaseOfLockedVersionsNamesNoSubstitution() throws Exception {
        try (TestArchive archive = new TestArchive()) {
            List<DebianPackage> locked = List.of(archive.pinned("ca-certificates", "1",
                    "debian/pool/main/c/ca-certificates/ca-certificates_1_all.deb"),
                    archive.pinned("q", "1", "debian/pool/main/q/q/q_1_amd64.deb"));

            OciImage base = new JavaRuntimeBase(locked, archive.cache(work, Clock.systemUTC(), System.out))
                    .build(Files.createDirectories(work.resolve("base")));

            assertThat(base.labels().path(JavaRuntimeBase.PACKAGES_LABEL).asText()).isEqualTo("ca-certificates=1 q=1");
            assertThat(base.labels().has(JavaRuntimeBase.SUBSTITUTED_LABEL)).isFalse();
        }
    }

    private static Map<String, byte[]> files(OciImage image) throws IOException {
        Map<String, byte[]> files = new HashMap<>();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new GZIPInputStream(
                Files.newInputStream(image.layers().get(0).blob())))) {
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                files.put(entry.getName().replaceFirst("^\\./", ""), tar.readAllBytes());
            }
        }
        return files;
    }
}
