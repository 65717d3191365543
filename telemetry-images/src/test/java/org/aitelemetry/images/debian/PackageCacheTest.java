package org.aitelemetry.images.debian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Debian packages over real HTTP from a signed miniature archive: a locked one kept once its hash is the lock's and
 * refused otherwise; a vanished one replaced by the newest version the suites' signed indexes list, with a warning,
 * and never by anything those indexes, their signatures or their hashes do not vouch for.
 */
class PackageCacheTest {

    private static final String P_CURRENT = "/debian-security/pool/updates/main/p/p/p_2~deb13u1_amd64.deb";
    private static final String SECURITY = "/debian-security/dists/trixie-security/";
    private static final String UPDATES = "/debian/dists/trixie-updates/";
    private static final String MAIN = "/debian/dists/trixie/";

    @TempDir
    Path work;
    private TestArchive archive;
    private final ByteArrayOutputStream warnings = new ByteArrayOutputStream();

    @BeforeEach
    void serve() throws IOException {
        archive = new TestArchive();
    }

    @AfterEach
    void stop() {
        archive.close();
    }

    @Test
    void downloadsOnceAndKeepsAPackageWhoseHashIsTheLocks() throws Exception {
        PackageCache cache = cache(Clock.systemUTC());
        DebianPackage q = archive.pinned("q", "1", "debian/pool/main/q/q/q_1_amd64.deb");

        PackageCache.CachedDeb first = cache.get(q);
        PackageCache.CachedDeb second = cache.get(q);

        assertThat(second).isEqualTo(first);
        assertThat(first.substituted()).isFalse();
        assertThat(Files.readAllBytes(first.file())).isEqualTo(archive.file("debian/pool/main/q/q/q_1_amd64.deb"));
        assertThat(archive.requests("/debian/pool/main/q/q/q_1_amd64.deb")).isEqualTo(1);
        assertThat(warnings.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void refusesAPackageWhoseHashIsNotTheLocks() throws IOException {
        DebianPackage pinned = archive.pinned("q", "1", "debian/pool/main/q/q/q_1_amd64.deb");
        DebianPackage wrong = new DebianPackage("q", "1", pinned.url(), "0".repeat(64));

        assertThatThrownBy(() -> cache(Clock.systemUTC()).get(wrong)).hasMessageContaining("q=1 from")
                .hasMessageContaining("has SHA-256 " + pinned.sha256()).hasMessageContaining("0".repeat(64));
        assertThat(work.resolve("debs")).isEmptyDirectory();
    }

    @Test
    void replacesAVanishedVersionByTheNewestTheSignedIndexesListAndWarns() throws Exception {
        PackageCache.CachedDeb deb = cache(Clock.systemUTC()).get(vanished());

        // trixie lists p 1.5, trixie-security p 2~deb13u1: the newer one.
        assertThat(deb.substituted()).isTrue();
        assertThat(deb.used().pin()).isEqualTo("p=2~deb13u1");
        assertThat(deb.used().url()).isEqualTo(archive.mirror().resolve(P_CURRENT.substring(1)));
        assertThat(Files.readAllBytes(deb.file())).isEqualTo(archive.file(P_CURRENT.substring(1)));
        assertThat(warnings.toString(StandardCharsets.UTF_8)).contains("WARNING")
                .contains("no longer serves p=1 of telemetry-images/debian-base.lock")
                .contains("holds p=2~deb13u1").contains("telemetry-images/lock-debian-base.sh");
    }

    @Test
    void refusesAReplacementWhoseHashIsNotTheSignedIndexs() {
        archive.replace(P_CURRENT, "not the package the index lists".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> cache(Clock.systemUTC()).get(vanished())).hasMessageContaining("p=2~deb13u1 from")
                .hasMessageContaining("has SHA-256");
        assertThat(work.resolve("debs")).isDirectoryNotContaining("glob:**.deb");
        assertThat(warnings.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    static Stream<Arguments> untrustworthyMirrors() throws IOException {
        String security = Files.readString(file(SECURITY + "InRelease"));
        byte[] mainIndex = Files.readAllBytes(file(MAIN + "main/binary-amd64/Packages.xz"));
        // gpgv accepts text around the signed block; a release read from the file rather than gpgv's output would
        // take this hash, and with it the other index.
        String appended = security + "\nSHA256:\n " + ArchiveHttp.sha256(file(MAIN + "main/binary-amd64/Packages.xz"))
                + " " + mainIndex.length + " main/binary-amd64/Packages.xz\n";
        Map<String, byte[]> noRelease = new HashMap<>();
        noRelease.put(MAIN + "InRelease", null);
        return Stream.of(
                Arguments.of("an index that is not the one the release lists",
                        Map.of(SECURITY + "main/binary-amd64/Packages.xz", mainIndex), "has SHA-256"),
                Arguments.of("a release changed after it was signed", Map.of(SECURITY + "InRelease",
                        bytes(security.replace("Codename: trixie-security", "Codename: trixie-securitx"))),
                        "gpgv did not verify"),
                Arguments.of("a hash added outside the signature", Map.of(SECURITY + "InRelease", bytes(appended),
                        SECURITY + "main/binary-amd64/Packages.xz", mainIndex), "has SHA-256"),
                Arguments.of("another suite's signed release", Map.of(UPDATES + "InRelease",
                        Files.readAllBytes(file(MAIN + "InRelease"))), "signed for trixie, not trixie-updates"),
                Arguments.of("no release", noRelease, "answered 404"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("untrustworthyMirrors")
    void refusesAReplacementTheSignedIndexesDoNotVouchFor(String mirror, Map<String, byte[]> answers, String reason) {
        answers.forEach(archive::replace);

        assertThatThrownBy(() -> cache(Clock.systemUTC()).get(vanished())).hasMessageContaining(reason);
        assertThat(work.resolve("debs")).isDirectoryNotContaining("glob:**.deb");
    }

    @Test
    void refusesAnExpiredRelease() {
        Clock after = Clock.fixed(Instant.parse("2099-01-02T00:00:00Z"), ZoneOffset.UTC);

        assertThatThrownBy(() -> cache(after).get(vanished())).hasMessageContaining("trixie-security/InRelease "
                + "expired 2099-01-01T00:00:00Z");
    }

    /** p=1: the lock pins it, the archive no longer serves it. */
    private DebianPackage vanished() throws IOException {
        DebianPackage current = archive.pinned("p", "2~deb13u1", P_CURRENT.substring(1));
        return new DebianPackage("p", "1", archive.mirror().resolve("debian/pool/main/p/p/p_1_amd64.deb"),
                current.sha256().replace('a', 'b'));
    }

    private static Path file(String path) {
        return TestArchive.FILES.resolve(path.substring(1));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private PackageCache cache(Clock clock) {
        return archive.cache(work, clock, new PrintStream(warnings, true, StandardCharsets.UTF_8));
    }
}
