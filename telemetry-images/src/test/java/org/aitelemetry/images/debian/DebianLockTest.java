package org.aitelemetry.images.debian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** debian-base.lock: one package per line, exactly pinned; anything else names its line. */
class DebianLockTest {

    private static final String SHA = "ba4f88f73dbc3ae9055f3c20f4523bfdbaf1ad13ff95e258924f77d20b4fbedf";

    @Test
    void readsPinnedPackagesSkippingComments(@TempDir Path dir) throws IOException {
        Path lock = dir.resolve("debian-base.lock");
        Files.writeString(lock, "# header\n\nlibc6 2.36-9+deb12u14 http://deb.debian.org/debian/pool/libc6.deb " + SHA
                + "  # trailing\n");

        assertThat(DebianLock.read(lock)).singleElement().satisfies(pkg -> {
            assertThat(pkg.pin()).isEqualTo("libc6=2.36-9+deb12u14");
            assertThat(pkg.url()).hasHost("deb.debian.org");
            assertThat(pkg.sha256()).isEqualTo(SHA);
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            libc6 2.36 http://deb.debian.org/libc6.deb                         | expected 'name version url sha256'
            libc6 2.36 http://deb.debian.org/libc6.deb abc                     | is not a SHA-256 in hex
            libc6 2.36 file:///tmp/libc6.deb ba4f88f73dbc3ae9055f3c20f4523bfdbaf1ad13ff95e258924f77d20b4fbedf | is not an http(s) URL
            """)
    void refusesALineThatPinsNothingExactly(String line, String reason) {
        assertThatThrownBy(() -> DebianLock.parse(line, "debian-base.lock:4"))
                .hasMessageStartingWith("debian-base.lock:4: ").hasMessageContaining(reason);
    }

    @Test
    void refusesAnEmptyLock(@TempDir Path dir) throws IOException {
        Path lock = Files.writeString(dir.resolve("debian-base.lock"), "# nothing\n");

        assertThatThrownBy(() -> DebianLock.read(lock)).hasMessageContaining("pins no package");
    }

    @Test
    void theRepositorysLockPinsTheRuntimeAndItsTrustStore() throws IOException {
        assertThat(DebianLock.read(Path.of("debian-base.lock"))).extracting(DebianPackage::name)
                .contains("openjdk-25-jre-headless", "libc6", "zlib1g", "dash", JavaRuntimeBase.CERTIFICATES_PACKAGE);
    }
}
