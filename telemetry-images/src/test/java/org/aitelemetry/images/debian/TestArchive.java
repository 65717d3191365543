package org.aitelemetry.images.debian;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The miniature Debian archive of src/test/resources/debian/test-archive (make-test-archive.sh wrote it, signed by a
 * throwaway key), served over real HTTP; a test may replace what a path answers, as a broken or hostile mirror would.
 */
final class TestArchive implements AutoCloseable {

    static final Path FILES = resource("debian/test-archive");
    static final Path KEYRING = FILES.resolve("keyring.gpg");

    private final HttpServer server;
    private final Map<String, Optional<byte[]>> replaced = new ConcurrentHashMap<>();
    private final Map<String, Integer> requests = new ConcurrentHashMap<>();

    TestArchive() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            requests.merge(path, 1, Integer::sum);
            Path file = FILES.resolve(path.substring(1)).normalize();
            byte[] body = replaced.containsKey(path) ? replaced.get(path).orElse(null)
                    : file.startsWith(FILES) && Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
            exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body == null ? new byte[0] : body);
            }
        });
        server.start();
    }

    /** The mirror's root URL, as http://deb.debian.org/ is Debian's. */
    URI mirror() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    /** What the path answers from now on: the body, or 404 where it is null. */
    void replace(String path, byte[] body) {
        replaced.put(path, Optional.ofNullable(body));
    }

    int requests(String path) {
        return requests.getOrDefault(path, 0);
    }

    /** A file of the archive as make-test-archive.sh wrote it. */
    byte[] file(String path) throws IOException {
        return Files.readAllBytes(FILES.resolve(path));
    }

    /** A package of the archive, pinned as a lock line would pin it. */
    DebianPackage pinned(String name, String version, String path) throws IOException {
        return new DebianPackage(name, version, mirror().resolve(path), ArchiveHttp.sha256(FILES.resolve(path)));
    }

    PackageCache cache(Path directory, Clock clock, PrintStream warnings) {
        return new PackageCache(directory.resolve("debs"), new DebianArchive(mirror(), KEYRING,
                directory.resolve("indexes"), clock), warnings);
    }

    static Path resource(String name) {
        try {
            return Path.of(TestArchive.class.getClassLoader().getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new UncheckedIOException(new IOException(e));
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
