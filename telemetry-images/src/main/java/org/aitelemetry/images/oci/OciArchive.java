package org.aitelemetry.images.oci;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * An OCI image layout in one tar file, the format podman, buildah and skopeo call {@code oci-archive:}: oci-layout,
 * index.json naming one manifest by its reference, and blobs/sha256/ holding the manifest, the config and the layers.
 */
public final class OciArchive {

    public static final String MANIFEST_TYPE = "application/vnd.oci.image.manifest.v1+json";
    public static final String CONFIG_TYPE = "application/vnd.oci.image.config.v1+json";
    public static final String LAYER_TYPE = "application/vnd.oci.image.layer.v1.tar+gzip";
    public static final String REF_NAME = "org.opencontainers.image.ref.name";

    private OciArchive() {
    }

    /** Writes the image under the reference (registry/name:tag) and returns its manifest's digest. */
    public static String write(OciImage image, String reference, Path archive) throws IOException {
        byte[] config = OciImage.JSON.writeValueAsBytes(image.config());
        ObjectNode manifest = OciImage.JSON.createObjectNode();
        manifest.put("schemaVersion", 2);
        manifest.put("mediaType", MANIFEST_TYPE);
        descriptor(manifest.putObject("config"), CONFIG_TYPE, digest(config), config.length);
        ArrayNode layers = manifest.putArray("layers");
        for (Layer layer : image.layers()) {
            descriptor(layers.addObject(), LAYER_TYPE, layer.digest(), layer.size());
        }
        byte[] manifestBytes = OciImage.JSON.writeValueAsBytes(manifest);
        String manifestDigest = digest(manifestBytes);
        ObjectNode index = OciImage.JSON.createObjectNode();
        index.put("schemaVersion", 2);
        index.put("mediaType", "application/vnd.oci.image.index.v1+json");
        descriptor(index.putArray("manifests").addObject(), MANIFEST_TYPE, manifestDigest, manifestBytes.length)
                .putObject("annotations").put(REF_NAME, reference);

        Files.createDirectories(archive.getParent());
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(Files.newOutputStream(archive))) {
            tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
            put(tar, "oci-layout", "{\"imageLayoutVersion\":\"1.0.0\"}".getBytes(StandardCharsets.UTF_8));
            put(tar, "index.json", OciImage.JSON.writeValueAsBytes(index));
            put(tar, blobPath(manifestDigest), manifestBytes);
            put(tar, blobPath(digest(config)), config);
            for (Layer layer : image.layers()) {
                TarArchiveEntry entry = new TarArchiveEntry(blobPath(layer.digest()));
                entry.setSize(layer.size());
                entry.setModTime(LayerWriter.FIXED_TIME);
                tar.putArchiveEntry(entry);
                Files.copy(layer.blob(), tar);
                tar.closeArchiveEntry();
            }
        }
        return manifestDigest;
    }

    /** Reads an archive back, its layer blobs extracted under {@code blobs} (they are what a derived image reuses). */
    public static Read read(Path archive, Path blobs) throws IOException {
        Map<String, Path> files = new HashMap<>();
        Files.createDirectories(blobs);
        try (TarArchiveInputStream tar = new TarArchiveInputStream(Files.newInputStream(archive))) {
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                if (entry.isFile()) {
                    Path file = blobs.resolve(entry.getName().replace('/', '_'));
                    Files.copy(tar, file);
                    files.put(entry.getName(), file);
                }
            }
        }
        JsonNode index = json(files, "index.json", archive);
        JsonNode descriptor = index.path("manifests").path(0);
        JsonNode manifest = json(files, blobPath(descriptor.path("digest").asText()), archive);
        JsonNode config = json(files, blobPath(manifest.at("/config/digest").asText()), archive);
        List<Layer> layers = new ArrayList<>();
        for (int i = 0; i < manifest.path("layers").size(); i++) {
            JsonNode layer = manifest.path("layers").get(i);
            layers.add(new Layer(files.get(blobPath(layer.path("digest").asText())), layer.path("digest").asText(),
                    layer.path("size").asLong(), config.at("/rootfs/diff_ids").get(i).asText()));
        }
        return new Read(new OciImage(layers, (ObjectNode) config), descriptor.at("/annotations").path(REF_NAME)
                .asText(), descriptor.path("digest").asText(), manifest);
    }

    /** An archive read back: the image, the reference index.json names, the manifest and its digest. */
    public record Read(OciImage image, String reference, String manifestDigest, JsonNode manifest) {
    }

    public static String digest(byte[] content) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String blobPath(String digest) {
        return "blobs/" + digest.replace(':', '/');
    }

    private static ObjectNode descriptor(ObjectNode node, String mediaType, String digest, long size) {
        return node.put("mediaType", mediaType).put("digest", digest).put("size", size);
    }

    private static void put(TarArchiveOutputStream tar, String name, byte[] content) throws IOException {
        TarArchiveEntry entry = new TarArchiveEntry(name);
        entry.setSize(content.length);
        entry.setModTime(LayerWriter.FIXED_TIME);
        tar.putArchiveEntry(entry);
        tar.write(content);
        tar.closeArchiveEntry();
    }

    private static JsonNode json(Map<String, Path> files, String name, Path archive) throws IOException {
        Path file = files.get(name);
        if (file == null) {
            throw new IOException(archive + " holds no " + name + ": not an OCI archive");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return OciImage.JSON.readTree(in);
        }
    }
}
