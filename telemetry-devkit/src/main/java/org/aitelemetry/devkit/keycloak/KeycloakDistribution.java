package org.aitelemetry.devkit.keycloak;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Properties;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The Keycloak server that telemetry-devkit's build unpacked into its own {@code target/}, shared by every module's
 * tests and the local run of this checkout: Keycloak builds itself into that folder on its first start (about a
 * minute) and later starts reuse the result. Its import folder and build output are shared too, so one start at a time
 * holds {@link #lock()} until its realms are imported.
 */
final class KeycloakDistribution {

    /** Written into this package by telemetry-devkit's build (resources-filtered). */
    private static final String PROPERTIES = "keycloak.properties";
    /** File locks belong to the process: threads of one JVM queue here first. */
    private static final ReentrantLock IN_THIS_JVM = new ReentrantLock();

    private final Path home;

    private KeycloakDistribution(Path home) {
        this.home = home;
    }

    /** The unpacked distribution, or a message that says how to get it. */
    static KeycloakDistribution unpacked() {
        Path home = home();
        if (!Files.isRegularFile(home.resolve("bin/kc.sh"))) {
            throw new IllegalStateException("Keycloak is not unpacked at " + home + ": build telemetry-devkit with "
                    + "Maven (./mvnw -pl telemetry-devkit -am test-compile), which fetches "
                    + "org.keycloak:keycloak-quarkus-dist:zip and unpacks it there");
        }
        return new KeycloakDistribution(home);
    }

    /** Where the build unpacks the distribution, whether or not it is there. */
    static Path home() {
        return Path.of(buildProperties().getProperty("home"));
    }

    Path launcher() {
        return home.resolve("bin/kc.sh");
    }

    /** {@code --import-realm} reads this folder and no other. */
    Path importDir() {
        return home.resolve("data/import");
    }

    /** Excludes other starts of this distribution, in this JVM and in others, until closed. */
    Lock lock() throws IOException {
        IN_THIS_JVM.lock();
        try {
            Files.createDirectories(home.resolve("data"));
            FileChannel channel = FileChannel.open(home.resolve("data/devkit-start.lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            return new Lock(channel, channel.lock());
        } catch (IOException | RuntimeException e) {
            IN_THIS_JVM.unlock();
            throw e;
        }
    }

    private static Properties buildProperties() {
        try (InputStream in = KeycloakDistribution.class.getResourceAsStream(PROPERTIES)) {
            if (in == null) {
                throw new IllegalStateException(PROPERTIES + " is missing from the classpath: build telemetry-devkit "
                        + "with Maven (./mvnw -pl telemetry-devkit -am test-compile)");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A held start lock. */
    record Lock(FileChannel channel, FileLock fileLock) implements AutoCloseable {

        @Override
        public void close() throws IOException {
            try {
                fileLock.release();
                channel.close();
            } finally {
                IN_THIS_JVM.unlock();
            }
        }
    }
}
