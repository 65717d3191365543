package org.aitelemetry.images.oci;

import java.nio.file.Path;

/**
 * A written layer: its gzipped blob on disk, the blob's digest and size (the manifest's descriptor) and the digest of
 * the uncompressed tar (the config's diff_id).
 */
public record Layer(Path blob, String digest, long size, String diffId) {
}
