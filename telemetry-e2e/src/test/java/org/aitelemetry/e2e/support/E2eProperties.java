package org.aitelemetry.e2e.support;

import java.nio.file.Path;
import java.util.Optional;

/** The system properties the module's pom passes to the tests (and that a run may add with {@code -D}). */
final class E2eProperties {

    private E2eProperties() {
    }

    /** {@code e2e.project-root}: the checkout holding the packaged apps; the module's parent folder by default. */
    static Path projectRoot() {
        return Path.of(System.getProperty("e2e.project-root", "..")).toAbsolutePath().normalize();
    }

    /** {@code e2e.screenshots}: a folder, relative to the project root, that receives a copy of every screenshot. */
    static Optional<Path> screenshotsFolder() {
        String folder = System.getProperty("e2e.screenshots", "");
        return folder.isBlank() ? Optional.empty() : Optional.of(projectRoot().resolve(folder).normalize());
    }
}
