package org.aitelemetry.devkit.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The Java installation an app is started with: its home and its exact build, which decides the class-data archive it
 * can map. Another installation than the one running the harness is read from its {@code release} file, the build as
 * {@code JAVA_RUNTIME_VERSION} spells it ({@link Runtime#version()} of a JVM started from it).
 */
public record JavaRuntime(Path home, Runtime.Version version) {

    /** The installation running this JVM. */
    public static JavaRuntime current() {
        return new JavaRuntime(Path.of(System.getProperty("java.home")), Runtime.version());
    }

    /** The installation at {@code home}, e.g. {@code /usr/lib/jvm/temurin-25-jdk-amd64}. */
    public static JavaRuntime at(Path home) {
        Path release = home.resolve("release");
        Properties properties = new Properties();
        try (var reader = Files.newBufferedReader(release)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("not a Java installation (no readable release file): " + home, e);
        }
        // The JDK's build writes each value in double quotes; Properties keeps them.
        String version = properties.getProperty("JAVA_RUNTIME_VERSION", "").replace("\"", "").trim();
        if (version.isEmpty()) {
            throw new IllegalArgumentException(release + " does not name JAVA_RUNTIME_VERSION");
        }
        return new JavaRuntime(home, Runtime.Version.parse(version));
    }

    public Path java() {
        return home.resolve("bin").resolve("java");
    }
}
