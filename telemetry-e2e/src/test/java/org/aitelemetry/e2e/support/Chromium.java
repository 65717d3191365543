package org.aitelemetry.e2e.support;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Debian's Chromium driven by Playwright, headless; one per test JVM, a fresh context per test. */
final class Chromium implements AutoCloseable {

    static final Path EXECUTABLE = Path.of("/usr/bin/chromium");
    /** The width pages are laid out and screenshotted at. */
    static final int WIDTH = 1280;
    private static final int HEIGHT = 800;
    /** Playwright's 5 s for a page to reach an expected state is short on two busy cores. */
    private static final double ASSERTION_TIMEOUT_MILLIS = 15_000;
    /** No sandbox (tests may run as root), no GPU, and none of the browser's own traffic to the internet. */
    private static final List<String> ARGS = List.of("--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic");

    private final Playwright playwright;
    private final Browser browser;

    private Chromium(Playwright playwright, Browser browser) {
        this.playwright = playwright;
        this.browser = browser;
    }

    static Chromium launch() {
        if (!Files.isExecutable(EXECUTABLE)) {
            throw new IllegalStateException(EXECUTABLE + " is missing: run bin/setup-debian");
        }
        PlaywrightAssertions.setDefaultAssertionTimeout(ASSERTION_TIMEOUT_MILLIS);
        // Also said here, for runs outside Maven: Playwright must not download browsers of its own.
        Playwright playwright = Playwright.create(new Playwright.CreateOptions()
                .setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        try {
            return new Chromium(playwright, playwright.chromium().launch(new BrowserType.LaunchOptions()
                    .setExecutablePath(EXECUTABLE).setArgs(ARGS).setHeadless(true)));
        } catch (RuntimeException e) {
            playwright.close();
            throw e;
        }
    }

    /** A context of its own: no cookies or storage shared with another test. */
    BrowserContext newContext() {
        return browser.newContext(new Browser.NewContextOptions().setViewportSize(WIDTH, HEIGHT));
    }

    @Override
    public void close() {
        browser.close();
        playwright.close();
    }
}
