package org.aitelemetry.images.debian;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.archivers.ar.ArArchiveEntry;
import org.apache.commons.compress.archivers.ar.ArArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * The files a .deb installs (its data.tar member), read without dpkg: what {@code dpkg-deb -x} unpacks, with the
 * package's own modes, times, symlinks and hard links. Maintainer scripts do not run: what they would make, the base
 * makes itself (JavaRuntimeBase).
 */
public final class DebContents {

    /** Receives each entry; the stream holds its content when it is a regular file. */
    public interface Visitor {
        void visit(TarArchiveEntry entry, InputStream content) throws IOException;
    }

    private DebContents() {
    }

    public static void forEach(Path deb, Visitor visitor) throws IOException {
        try (ArArchiveInputStream ar = new ArArchiveInputStream(new BufferedInputStream(Files.newInputStream(deb)))) {
            for (ArArchiveEntry member = ar.getNextEntry(); member != null; member = ar.getNextEntry()) {
                if (member.getName().startsWith("data.tar")) {
                    try (TarArchiveInputStream tar = new TarArchiveInputStream(decompress(member.getName(), ar))) {
                        for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                            visitor.visit(entry, tar);
                        }
                    }
                    return;
                }
            }
        }
        throw new IOException(deb + " has no data.tar member: not a Debian package");
    }

    private static InputStream decompress(String member, InputStream in) throws IOException {
        return switch (member) {
            case "data.tar.xz" -> new XZCompressorInputStream(in);
            case "data.tar.gz" -> new GzipCompressorInputStream(in);
            case "data.tar" -> in;
            default -> throw new IOException("unsupported compression of " + member);
        };
    }
}
