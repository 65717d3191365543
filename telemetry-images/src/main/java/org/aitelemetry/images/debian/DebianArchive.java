package org.aitelemetry.images.debian;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * What Debian 13's archive serves now, trusted only through its signatures: each suite's InRelease verified by gpgv
 * against Debian's keyring, the suite's Packages.xz checked against the hash the release lists, and a package's
 * entry (version, pool file, SHA-256) read from it. The newest version any of the suites serves is the current one
 * (a point release updates trixie, trixie-updates carries stable updates, trixie-security security fixes).
 * The suites are those lock-debian-base.sh reads.
 */
public final class DebianArchive {

    /** A suite and the archive that holds it, below the mirror. */
    record Suite(String archive, String codename) {
    }

    static final List<Suite> SUITES = List.of(new Suite("debian", "trixie"),
            new Suite("debian", "trixie-updates"), new Suite("debian-security", "trixie-security"));
    public static final URI DEBIAN_MIRROR = URI.create("http://deb.debian.org/");
    private static final String PACKAGES = "main/binary-amd64/Packages.xz";

    private final URI mirror;
    private final Path keyring;
    private final Path work;
    private final Clock clock;
    private final ArchiveHttp http = new ArchiveHttp();
    private final Map<Suite, Path> verifiedIndexes = new HashMap<>();

    public DebianArchive(URI mirror, Path keyring, Path work, Clock clock) {
        this.mirror = mirror;
        this.keyring = keyring;
        this.work = work;
        this.clock = clock;
    }

    /** The newest version of the package the suites serve, with its URL and SHA-256 from their signed indexes. */
    public DebianPackage current(String name) throws IOException, InterruptedException {
        DebianPackage newest = null;
        for (Suite suite : SUITES) {
            try (InputStream index = new XZCompressorInputStream(new BufferedInputStream(
                    Files.newInputStream(verifiedIndex(suite))))) {
                Optional<DebianPackage> entry = PackagesIndex.find(index, name, root(suite));
                if (entry.isPresent() && (newest == null
                        || DebianVersion.compare(entry.get().version(), newest.version()) > 0)) {
                    newest = entry.get();
                }
            }
        }
        if (newest == null) {
            throw new IOException("none of " + SUITES + " serves " + name + " for amd64");
        }
        return newest;
    }

    private Path verifiedIndex(Suite suite) throws IOException, InterruptedException {
        Path verified = verifiedIndexes.get(suite);
        if (verified != null) {
            return verified;
        }
        Path directory = Files.createDirectories(work.resolve(suite.codename()));
        URI dists = root(suite).resolve("dists/" + suite.codename() + "/");
        Path inRelease = directory.resolve("InRelease");
        http.require(dists.resolve("InRelease"), inRelease);
        SignedRelease release = SignedRelease.verify(inRelease, keyring);
        if (!release.codename().equals(suite.codename())) {
            throw new IOException(dists + "InRelease is signed for " + release.codename() + ", not "
                    + suite.codename());
        }
        if (release.validUntil().filter(until -> until.isBefore(clock.instant())).isPresent()) {
            throw new IOException(dists + "InRelease expired " + release.validUntil().get()
                    + ": an old index may offer versions since replaced by security fixes");
        }
        SignedRelease.IndexFile expected = release.indexFile(PACKAGES)
                .orElseThrow(() -> new IOException(dists + "InRelease lists no " + PACKAGES));
        Path packages = directory.resolve("Packages.xz");
        http.require(dists.resolve(PACKAGES), packages);
        ArchiveHttp.requireSha256(packages, expected.sha256(), dists + PACKAGES);
        verifiedIndexes.put(suite, packages);
        return packages;
    }

    private URI root(Suite suite) {
        return mirror.resolve(suite.archive() + "/");
    }
}
