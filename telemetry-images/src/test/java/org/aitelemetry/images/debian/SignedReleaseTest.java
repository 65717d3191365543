package org.aitelemetry.images.debian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bookworm-security's InRelease of 24 November 2026, as deb.debian.org served it, verified by gpgv against Debian's
 * archive keyring (debian-archive-keyring, which bin/setup-debian installs) and read; one byte changed, refused.
 */
class SignedReleaseTest {

    @TempDir
    Path work;

    @Test
    void verifiesAndReadsARealRelease() throws Exception {
        assumeTrue(Files.exists(SignedRelease.DEBIAN_KEYRING), "debian-archive-keyring is not installed");

        SignedRelease release = SignedRelease.verify(copy(Files.readString(recorded())), SignedRelease.DEBIAN_KEYRING);

        assertThat(release.codename()).isEqualTo("bookworm-security");
        assertThat(release.validUntil()).contains(Instant.parse("2026-12-01T00:34:33Z"));
        assertThat(release.indexFile("main/binary-amd64/Packages.xz")).contains(new SignedRelease.IndexFile(
                "ee8ab5a3ce537673f0833471f7e8659185ba0a2e615dc54127315057d2455376", 379616));
        assertThat(release.indexFile("main/binary-amd64/Packages.gz")).isEmpty();
    }

    @Test
    void refusesARealReleaseChangedByOneByte() throws Exception {
        assumeTrue(Files.exists(SignedRelease.DEBIAN_KEYRING), "debian-archive-keyring is not installed");
        String tampered = Files.readString(recorded()).replace("ee8ab5a3ce5376", "ee8ab5a3ce5377");

        assertThatThrownBy(() -> SignedRelease.verify(copy(tampered), SignedRelease.DEBIAN_KEYRING))
                .hasMessageContaining("gpgv did not verify").hasMessageContaining("BAD signature");
    }

    @Test
    void refusesAReleaseSignedByAKeyNotInTheKeyring() throws Exception {
        assumeTrue(Files.exists(SignedRelease.DEBIAN_KEYRING), "debian-archive-keyring is not installed");
        String signedByTheTestKey = Files.readString(TestArchive.FILES.resolve("debian/dists/trixie/InRelease"));

        assertThatThrownBy(() -> SignedRelease.verify(copy(signedByTheTestKey), SignedRelease.DEBIAN_KEYRING))
                .hasMessageContaining("gpgv did not verify");
    }

    private static Path recorded() {
        return TestArchive.resource("debian/bookworm-security.InRelease");
    }

    private Path copy(String text) throws Exception {
        return Files.writeString(work.resolve("InRelease"), text);
    }
}
