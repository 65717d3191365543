package org.aitelemetry.images.debian;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;

/** Downloads from Debian's archive, and the SHA-256 every downloaded file is checked against before it is used. */
final class ArchiveHttp {

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
            .connectTimeout(Duration.ofSeconds(20)).build();

    /** Writes the body to target when the archive answers 200; returns the status either way. */
    int download(URI uri, Path target) throws IOException, InterruptedException {
        HttpResponse<Path> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(5)).build(),
                HttpResponse.BodyHandlers.ofFile(target));
        return response.statusCode();
    }

    /** Downloads a file the caller needs: anything but 200 is an error naming the URL. */
    void require(URI uri, Path target) throws IOException, InterruptedException {
        int status = download(uri, target);
        if (status != 200) {
            throw new IOException("Debian's archive answered " + status + " for " + uri);
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

    /** Refuses a file whose SHA-256 is not the expected one, naming what it should have been. */
    static void requireSha256(Path file, String expected, String what) throws IOException {
        String actual = sha256(file);
        if (!actual.equals(expected)) {
            throw new IOException(what + " has SHA-256 " + actual + ", " + expected + " expected");
        }
    }
}
