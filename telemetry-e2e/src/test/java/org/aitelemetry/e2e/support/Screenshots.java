package org.aitelemetry.e2e.support;

import com.microsoft.playwright.Page;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Full-page PNGs at the browser's 1280 px width: always into {@code target/screenshots/}, and into the folder the
 * system property {@code e2e.screenshots} names (relative to the project root, e.g. {@code docs/screenshots}) when set.
 */
final class Screenshots {

    static final Path TARGET = Path.of("target", "screenshots");

    private Screenshots() {
    }

    /** Writes {@code <name>.png} and returns the file in {@code target/screenshots/}. */
    static Path save(Page page, String name) {
        if (!name.matches("[a-z0-9][a-z0-9-]*")) {
            throw new IllegalArgumentException("a screenshot name is lowercase words joined by '-': " + name);
        }
        Path file = TARGET.resolve(name + ".png").toAbsolutePath();
        page.screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(true));
        E2eProperties.screenshotsFolder().ifPresent(folder -> copy(file, folder.resolve(file.getFileName())));
        return file;
    }

    private static void copy(Path file, Path target) {
        try {
            Files.createDirectories(target.getParent());
            Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the screenshot to " + target, e);
        }
    }
}
