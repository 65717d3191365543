package org.aitelemetry.images.debian;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Debian packages, downloaded once into a cache directory (~/.cache/ai-telemetry/debs) and used only when their
 * SHA-256 is the expected one. Debian's archive keeps a version only while a suite refers to it: when a locked
 * version is gone (404 or 410), the version the archive serves now takes its place — found and checked through the
 * suites' signed indexes (DebianArchive), never taken unverified — and a warning names both versions and the script
 * that re-pins the lock, so that a clean build does not break the day Debian publishes an update.
 */
public final class PackageCache {

    /** A package as the cache holds it: the version actually used (the lock's, or the one that replaced it). */
    public record CachedDeb(DebianPackage locked, DebianPackage used, Path file) {

        public boolean substituted() {
            return !used.equals(locked);
        }
    }

    private final Path directory;
    private final DebianArchive archive;
    private final PrintStream warnings;
    private final ArchiveHttp http = new ArchiveHttp();

    public PackageCache(Path directory, DebianArchive archive, PrintStream warnings) {
        this.directory = directory;
        this.archive = archive;
        this.warnings = warnings;
    }

    public CachedDeb get(DebianPackage locked) throws IOException, InterruptedException {
        Path file = fetch(locked);
        if (file != null) {
            return new CachedDeb(locked, locked, file);
        }
        DebianPackage current = archive.current(locked.name());
        Path currentFile = fetch(current);
        if (currentFile == null) {
            throw new IOException("Debian's archive does not serve " + current.pin() + " (" + current.url()
                    + "), though its signed index lists it");
        }
        warnings.println("[images] WARNING: Debian's archive no longer serves " + locked.pin() + " of "
                + "telemetry-images/debian-base.lock; the base holds " + current.pin() + " instead, as the archive's "
                + "signed index lists it. Run telemetry-images/lock-debian-base.sh and commit debian-base.lock to "
                + "pin it.");
        return new CachedDeb(locked, current, currentFile);
    }

    /** The package's file, checked; null when the archive no longer serves that version. */
    private Path fetch(DebianPackage pkg) throws IOException, InterruptedException {
        Path file = directory.resolve(pkg.name() + "_" + pkg.sha256() + ".deb");
        if (Files.exists(file) && ArchiveHttp.sha256(file).equals(pkg.sha256())) {
            return file;
        }
        Files.createDirectories(directory);
        Path partial = Files.createTempFile(directory, pkg.name(), ".part");
        try {
            int status = http.download(pkg.url(), partial);
            if (status == 404 || status == 410) {
                return null;
            }
            if (status != 200) {
                throw new IOException("Debian's archive answered " + status + " for " + pkg.pin() + " ("
                        + pkg.url() + ")");
            }
            ArchiveHttp.requireSha256(partial, pkg.sha256(), pkg.pin() + " from " + pkg.url());
            return Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(partial);
        }
    }
}
