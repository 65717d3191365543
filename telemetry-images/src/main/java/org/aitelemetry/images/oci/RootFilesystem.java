package org.aitelemetry.images.oci;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * An image's layers unpacked in order into a root file system, as a container runtime does (no whiteouts: the build
 * writes none). Modes and modification times are the layers' own: a JVM's class-data archive checks its jars' times, so
 * an archive recorded in this tree must see the times the image will have.
 */
public final class RootFilesystem {

    private RootFilesystem() {
    }

    public static void unpack(OciImage image, Path root) throws IOException {
        Path top = Files.createDirectories(root).toRealPath();
        for (Layer layer : image.layers()) {
            try (TarArchiveInputStream tar = open(layer)) {
                for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                    write(top, entry, tar);
                }
            }
        }
    }

    /** Opens a layer's gzipped tar for reading. */
    public static TarArchiveInputStream open(Layer layer) throws IOException {
        InputStream in = new GZIPInputStream(new BufferedInputStream(Files.newInputStream(layer.blob())), 1 << 16);
        return new TarArchiveInputStream(in);
    }

    private static void write(Path root, TarArchiveEntry entry, InputStream content) throws IOException {
        Path target = root.resolve(entry.getName()).normalize();
        if (!target.startsWith(root)) {
            throw new IOException("entry outside the root: " + entry.getName());
        }
        Files.createDirectories(target.getParent());
        if (entry.isDirectory()) {
            Files.createDirectories(target);
        } else {
            Files.deleteIfExists(target);
            if (entry.isSymbolicLink()) {
                Files.createSymbolicLink(target, Path.of(entry.getLinkName()));
            } else if (entry.isLink()) {
                Files.createLink(target, root.resolve(entry.getLinkName()));
            } else {
                Files.copy(content, target);
            }
        }
        if (!entry.isSymbolicLink()) {
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString(permissions(entry.getMode())));
            Files.getFileAttributeView(target, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .setTimes(FileTime.from(entry.getModTime().toInstant()), null, null);
        }
    }

    private static String permissions(int mode) {
        String all = "rwxrwxrwx";
        StringBuilder result = new StringBuilder();
        for (int bit = 8; bit >= 0; bit--) {
            result.append((mode & (1 << bit)) != 0 ? all.charAt(8 - bit) : '-');
        }
        return result.toString();
    }
}
