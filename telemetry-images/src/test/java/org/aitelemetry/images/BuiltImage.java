package org.aitelemetry.images;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aitelemetry.images.oci.Layer;
import org.aitelemetry.images.oci.OciArchive;
import org.aitelemetry.images.oci.OciImage;
import org.aitelemetry.images.oci.RootFilesystem;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/** An image the build wrote under target/images, read back as a runtime would: config, and its layers' files. */
record BuiltImage(OciArchive.Read read) {

    static final Path OUTPUT = Path.of(System.getProperty("images.output", "target/images"));

    static BuiltImage of(String name, Path blobs) throws IOException {
        Path archive = OUTPUT.resolve(name + ".oci.tar");
        if (!Files.exists(archive)) {
            throw new IllegalStateException(archive + " is missing: ./mvnw package builds it (BuildImages)");
        }
        return new BuiltImage(OciArchive.read(archive, blobs));
    }

    OciImage image() {
        return read.image();
    }

    /** Every path in the image's file system with the entry of the last layer that wrote it. */
    Map<String, TarArchiveEntry> files() throws IOException {
        Map<String, TarArchiveEntry> files = new LinkedHashMap<>();
        for (Layer layer : image().layers()) {
            try (TarArchiveInputStream tar = layer(layer)) {
                for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                    files.put(entry.getName().replaceAll("/$", ""), entry);
                }
            }
        }
        return files;
    }

    /** A regular file's content, from the last layer that holds it. */
    byte[] read(String path) throws IOException {
        byte[] content = null;
        for (Layer layer : image().layers()) {
            try (TarArchiveInputStream tar = layer(layer)) {
                for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                    if (entry.getName().equals(path)) {
                        content = tar.readAllBytes();
                    }
                }
            }
        }
        if (content == null) {
            throw new IllegalStateException("no file " + path + " in " + read.reference());
        }
        return content;
    }

    private static TarArchiveInputStream layer(Layer layer) throws IOException {
        return RootFilesystem.open(layer);
    }
}
