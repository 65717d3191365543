package org.aitelemetry.devkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The folder under which components keep their data and logs: {@code target/devkit} unless {@code devkit.dir} says otherwise. */
public record Workspace(Path root) {

    public static Workspace fromSystemProperties() {
        return new Workspace(Path.of(System.getProperty("devkit.dir", "target/devkit")).toAbsolutePath());
    }

    /** A folder for one component, created on demand. */
    public Path dir(String component) {
        try {
            return Files.createDirectories(root.resolve(component));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + root.resolve(component), e);
        }
    }

    public Path logFile(String component) {
        return dir(component).resolve(component + ".log");
    }
}
