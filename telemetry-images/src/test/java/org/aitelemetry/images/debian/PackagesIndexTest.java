package org.aitelemetry.images.debian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A suite's Packages index: stanzas copied from bookworm-security's (three packages, one named as a prefix of
 * another), and the rules where an entry is incomplete or listed twice.
 */
class PackagesIndexTest {

    private static final URI SECURITY = URI.create("http://deb.debian.org/debian-security/");

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "openjdk-17-jre-headless, 17.0.21.1+2-1~deb12u1, "
            + "pool/updates/main/o/openjdk-17/openjdk-17-jre-headless_17.0.21.1+2-1~deb12u1_amd64.deb, "
            + "6bbc6940ce68e1faaefd6bb3495cfe018a96bde54e069697131b9b459b822293",
        "openjdk-17-jre, 17.0.21.1+2-1~deb12u1, "
            + "pool/updates/main/o/openjdk-17/openjdk-17-jre_17.0.21.1+2-1~deb12u1_amd64.deb, "
            + "6d0473b6058112a4580fd08ded6ef15d0eb3b67e1f1007748c8f6807a34cd918",
        "ca-certificates, 20250419~deb12u2, pool/updates/main/c/ca-certificates/ca-certificates_20250419~deb12u2_all.deb, "
            + "b9f76b5271a7ac373fd5e7e1b5b826a71ddd702b42a0d104955ecb1acfffc94b",
    })
    void findsThePackagesEntryInARealIndex(String name, String version, String filename, String sha256)
            throws IOException {
        try (InputStream index = excerpt()) {
            assertThat(PackagesIndex.find(index, name, SECURITY))
                    .contains(new DebianPackage(name, version, SECURITY.resolve(filename), sha256));
        }
    }

    @Test
    void aPackageTheIndexDoesNotListIsAbsent() throws IOException {
        try (InputStream index = excerpt()) {
            assertThat(PackagesIndex.find(index, "openjdk-17", SECURITY)).isEmpty();
        }
    }

    @Test
    void theNewestOfTwoEntriesWins() throws IOException {
        String sha = "a".repeat(64);
        String index = "Package: p\nVersion: 1.10\nFilename: pool/p_1.10.deb\nSHA256: " + sha + "\n\n"
                + "Package: p\nVersion: 1.9\nFilename: pool/p_1.9.deb\nSHA256: " + sha + "\n";

        assertThat(PackagesIndex.find(stream(index), "p", SECURITY).map(DebianPackage::version)).contains("1.10");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "no Version    | Filename: pool/p.deb\\nSHA256: "
            + "0000000000000000000000000000000000000000000000000000000000000000",
        "no SHA256     | Version: 1\\nFilename: pool/p.deb",
        "a short hash  | Version: 1\\nFilename: pool/p.deb\\nSHA256: abc",
        "a path out of the archive | Version: 1\\nFilename: ../../p.deb\\nSHA256: "
            + "0000000000000000000000000000000000000000000000000000000000000000",
    })
    void refusesAnEntryWithout(String what, String fields) {
        String index = "Package: p\n" + fields.replace("\\n", "\n") + "\n";

        assertThatThrownBy(() -> PackagesIndex.find(stream(index), "p", SECURITY))
                .hasMessageContaining("the index's entry of p lacks");
    }

    private static InputStream excerpt() throws IOException {
        return Files.newInputStream(TestArchive.resource("debian/bookworm-security-Packages-excerpt"));
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
