package org.aitelemetry.images.debian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Locked packages over real HTTP: kept once their hash is the lock's, refused otherwise, a vanished one explained. */
class PackageCacheTest {

    private static final byte[] DEB = "!<arch>\nnot really a package".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path cacheDir;
    private HttpServer archive;
    private final AtomicInteger downloads = new AtomicInteger();

    @BeforeEach
    void serve() throws IOException {
        archive = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        archive.createContext("/pool/", exchange -> {
            boolean known = exchange.getRequestURI().getPath().equals("/pool/p_1_amd64.deb");
            downloads.incrementAndGet();
            exchange.sendResponseHeaders(known ? 200 : 404, known ? DEB.length : -1);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(known ? DEB : new byte[0]);
            }
        });
        archive.start();
    }

    @AfterEach
    void stop() {
        archive.stop(0);
    }

    @Test
    void downloadsOnceAndKeepsAPackageWhoseHashIsTheLocks() throws Exception {
        PackageCache cache = new PackageCache(cacheDir);
        LockedPackage pkg = locked("p_1_amd64.deb", sha256(DEB));

        Path first = cache.get(pkg);
        Path second = cache.get(pkg);

        assertThat(second).isEqualTo(first);
        assertThat(Files.readAllBytes(first)).isEqualTo(DEB);
        assertThat(downloads).hasValue(1);
    }

    @Test
    void refusesAPackageWhoseHashIsNotTheLocks() {
        LockedPackage pkg = locked("p_1_amd64.deb", "0".repeat(64));

        assertThatThrownBy(() -> new PackageCache(cacheDir).get(pkg)).hasMessageContaining("p=1 from")
                .hasMessageContaining("has SHA-256 " + sha256(DEB)).hasMessageContaining("the lock says " + "0".repeat(64));
        assertThat(cacheDir).isEmptyDirectory();
    }

    @Test
    void namesTheLockScriptWhenTheArchiveNoLongerServesTheVersion() {
        LockedPackage pkg = locked("p_0_amd64.deb", sha256(DEB));

        assertThatThrownBy(() -> new PackageCache(cacheDir).get(pkg)).hasMessageContaining("answered 404 for p=1")
                .hasMessageContaining("telemetry-images/lock-debian-base.sh");
    }

    private LockedPackage locked(String file, String sha256) {
        return new LockedPackage("p", "1", URI.create("http://127.0.0.1:" + archive.getAddress().getPort() + "/pool/"
                + file), sha256);
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
