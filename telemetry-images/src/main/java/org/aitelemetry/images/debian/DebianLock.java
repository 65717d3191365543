package org.aitelemetry.images.debian;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * debian-base.lock: the packages the Java runtime base is assembled from, each pinned to a version, a URL on Debian's
 * archive and the SHA-256 the suites' signed indexes listed when lock-debian-base.sh wrote it (the script verified
 * them with gpgv; the build checks the hash). Lines: {@code name version url sha256}; "#" starts a comment.
 */
public final class DebianLock {

    private DebianLock() {
    }

    public static List<DebianPackage> read(Path lock) throws IOException {
        List<DebianPackage> packages = new ArrayList<>();
        List<String> lines = Files.readAllLines(lock);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replaceFirst("#.*", "").strip();
            if (!line.isEmpty()) {
                packages.add(parse(line, lock.getFileName() + ":" + (i + 1)));
            }
        }
        if (packages.isEmpty()) {
            throw new IllegalArgumentException(lock + " pins no package");
        }
        return packages;
    }

    static DebianPackage parse(String line, String where) {
        String[] fields = line.split("\\s+");
        if (fields.length != 4) {
            throw new IllegalArgumentException(where + ": expected 'name version url sha256', got '" + line + "'");
        }
        if (!fields[3].matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException(where + ": '" + fields[3] + "' is not a SHA-256 in hex");
        }
        URI url = URI.create(fields[2]);
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw new IllegalArgumentException(where + ": '" + fields[2] + "' is not an http(s) URL");
        }
        return new DebianPackage(fields[0], fields[1], url, fields[3]);
    }
}
