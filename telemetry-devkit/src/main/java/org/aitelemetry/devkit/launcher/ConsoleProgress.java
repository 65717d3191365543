package org.aitelemetry.devkit.launcher;

import java.io.PrintStream;
import java.time.Duration;

/** Progress as lines on the console: {@code Starting keycloak ...   ready in 16.1 s}. */
public final class ConsoleProgress implements PlatformProgress {

    private final PrintStream out;
    private final PrintStream err;

    public ConsoleProgress(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static ConsoleProgress system() {
        return new ConsoleProgress(System.out, System.err);
    }

    @Override
    public void starting(String component) {
        out.printf("Starting %-22s", component + " ...");
        out.flush();
    }

    @Override
    public void ready(String component, Duration took) {
        out.printf(" ready in %.1f s%n", took.toMillis() / 1e3);
    }

    @Override
    public void stopping(String component) {
        out.println("Stopping " + component);
    }

    @Override
    public void stopFailed(String component, RuntimeException failure) {
        err.println("  " + component + " did not stop cleanly: " + failure.getMessage());
    }
}
