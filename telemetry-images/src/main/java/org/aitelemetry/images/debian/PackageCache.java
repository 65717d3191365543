package org.aitelemetry.images.debian;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;

/**
 * Locked .deb files, downloaded once into a cache directory (~/.cache/ai-telemetry/debs) and used only when their
 * SHA-256 is the lock's. Debian's archive keeps a version only while a suite refers to it: once a newer security
 * update replaces it, the download fails, naming the package and the script that pins the current one.
 */
public final class PackageCache {

    private final Path directory;
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
            .connectTimeout(Duration.ofSeconds(20)).build();

    public PackageCache(Path directory) {
        this.directory = directory;
    }

    public Path get(LockedPackage pkg) throws IOException, InterruptedException {
        Path file = directory.resolve(pkg.name() + "_" + pkg.sha256() + ".deb");
        if (Files.exists(file) && sha256(file).equals(pkg.sha256())) {
            return file;
        }
        Files.createDirectories(directory);
        Path partial = Files.createTempFile(directory, pkg.name(), ".part");
        try {
            HttpResponse<Path> response = http.send(HttpRequest.newBuilder(pkg.url())
                    .timeout(Duration.ofMinutes(5)).build(), HttpResponse.BodyHandlers.ofFile(partial));
            if (response.statusCode() != 200) {
                throw new IOException("Debian's archive answered " + response.statusCode() + " for " + pkg.pin()
                        + " (" + pkg.url() + "): the archive no longer serves this version; run "
                        + "telemetry-images/lock-debian-base.sh to pin the current ones");
            }
            String actual = sha256(partial);
            if (!actual.equals(pkg.sha256())) {
                throw new IOException(pkg.pin() + " from " + pkg.url() + " has SHA-256 " + actual + ", the lock says "
                        + pkg.sha256());
            }
            return Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
