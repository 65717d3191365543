package org.aitelemetry.prometheus;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Objects;
import java.util.Optional;

/**
 * A bearer token read from a file, read again whenever the file changes: Kubernetes rotates projected service-account
 * tokens by swapping the file under a symlink, so a token read once at start expires within the hour. Public for the
 * worker's other HTTP clients (Alertmanager's API), which face the same rotation.
 */
public final class BearerTokenFile implements Credentials {

    /** The token and the identity of the file version it came from (modification time, and inode where known). */
    private record Snapshot(FileTime modified, Object fileKey, String token) {

        boolean isOf(BasicFileAttributes attributes) {
            return modified.equals(attributes.lastModifiedTime()) && Objects.equals(fileKey, attributes.fileKey());
        }

        String header() {
            return "Bearer " + token;
        }
    }

    private final Vertx vertx;
    private final String source;
    private final Path file;
    private Snapshot snapshot;

    /** @param source names the file's user in errors, e.g. the metric source or {@code alertmanager} */
    public BearerTokenFile(Vertx vertx, String source, Path file) {
        this.vertx = vertx;
        this.source = source;
        this.file = file;
    }

    /** Checks the file on a worker thread: a stat per query is cheap, but file access must not block the event loop. */
    @Override
    public Uni<Optional<String>> authorization() {
        return vertx.executeBlocking(Uni.createFrom().item(() -> Optional.of(current().header())));
    }

    @Override
    public synchronized boolean renew(String rejected) {
        if (snapshot != null && snapshot.header().equals(rejected)) {
            snapshot = null;
        }
        return true;
    }

    private synchronized Snapshot current() {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            if (snapshot == null || !snapshot.isOf(attributes)) {
                String token = Files.readString(file).strip();
                if (token.isEmpty()) {
                    throw PrometheusQueryException.noResponse(source, "bearer token file " + file + " is empty", false,
                            null);
                }
                snapshot = new Snapshot(attributes.lastModifiedTime(), attributes.fileKey(), token);
            }
            return snapshot;
        } catch (IOException e) {
            throw PrometheusQueryException.noResponse(source, "cannot read bearer token file " + file, false, e);
        }
    }
}
