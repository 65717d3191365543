package org.aitelemetry.images.oci;

import java.io.ByteArrayInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;

/**
 * One image layer, written as a gzipped tar while its two digests are computed: the blob's (what manifests name) and
 * the uncompressed tar's (the config's diff_id). Every entry is owned by root with a fixed time unless the caller
 * keeps a source's own (Debian's), so the same input gives the same digests. A path is written once: the first wins.
 */
public final class LayerWriter implements AutoCloseable {

    /** Entries without a time of their own: the epoch, so rebuilding from the same files gives the same layer. */
    public static final long FIXED_TIME = 0L;

    private final Path file;
    private final MessageDigest blobDigest = sha256();
    private final MessageDigest tarDigest = sha256();
    private final CountingOutputStream blob;
    private final TarArchiveOutputStream tar;
    private final Set<String> written = new HashSet<>();

    public LayerWriter(Path file) throws IOException {
        this.file = file;
        blob = new CountingOutputStream(new DigestOutputStream(Files.newOutputStream(file), blobDigest));
        tar = new TarArchiveOutputStream(new DigestOutputStream(new GZIPOutputStream(blob, 1 << 16), tarDigest));
        tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
        tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
    }

    public void directory(String path, int mode) throws IOException {
        put(entry(path + "/", TarConstants.LF_DIR, mode, FIXED_TIME), null);
    }

    public void file(String path, int mode, byte[] content) throws IOException {
        TarArchiveEntry entry = entry(path, TarConstants.LF_NORMAL, mode, FIXED_TIME);
        entry.setSize(content.length);
        put(entry, new ByteArrayInputStream(content));
    }

    public void symlink(String path, String target) throws IOException {
        TarArchiveEntry entry = entry(path, TarConstants.LF_SYMLINK, 0777, FIXED_TIME);
        entry.setLinkName(target);
        put(entry, null);
    }

    /** Adds an entry as given (type, mode, size, time, link), owned by root; content is read when it is a file. */
    public void put(TarArchiveEntry entry, InputStream content) throws IOException {
        entry.setName(relative(entry.getName()));
        if (entry.isLink()) {
            entry.setLinkName(relative(entry.getLinkName()));
        }
        entry.setIds(0, 0);
        entry.setNames("root", "root");
        if (entry.getName().isEmpty() || !written.add(entry.getName().replaceAll("/$", ""))) {
            return;
        }
        tar.putArchiveEntry(entry);
        if (content != null && entry.isFile()) {
            content.transferTo(tar);
        }
        tar.closeArchiveEntry();
    }

    public static TarArchiveEntry entry(String path, byte type, int mode, long time) {
        TarArchiveEntry entry = new TarArchiveEntry(relative(path), type);
        entry.setMode((entry.getMode() & ~07777) | mode);
        entry.setModTime(time * 1000);
        return entry;
    }

    /** Layer paths are relative to the root: "usr/lib", never "/usr/lib" or "./usr/lib". */
    public static String relative(String path) {
        return path.replaceFirst("^\\./", "").replaceFirst("^/+", "");
    }

    /** Finishes the layer and returns what a manifest and a config say of it. */
    public Layer finish() throws IOException {
        tar.finish();
        tar.close();
        HexFormat hex = HexFormat.of();
        return new Layer(file, "sha256:" + hex.formatHex(blobDigest.digest()), blob.count,
                "sha256:" + hex.formatHex(tarDigest.digest()));
    }

    @Override
    public void close() throws IOException {
        tar.close();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class CountingOutputStream extends FilterOutputStream {
        private long count;

        CountingOutputStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
