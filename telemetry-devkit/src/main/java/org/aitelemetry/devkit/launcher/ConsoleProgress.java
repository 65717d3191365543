package org.aitelemetry.devkit.launcher;

import java.io.Console;
import java.io.PrintStream;
import java.time.Duration;

/**
 * Progress as lines on the console: {@code Starting keycloak ...   ready in 16.1 s}. On a terminal a long step redraws
 * its line every second with its phase and elapsed seconds; in a log file it adds a line every 10 s instead.
 */
public final class ConsoleProgress implements PlatformProgress {

    private static final String CLEAR_TO_END_OF_LINE = "\033[K";

    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;
    /** The step whose "Starting …" line the cursor is on, if any. */
    private String openStep;
    private String openLine = "";
    private boolean redrawn;

    public ConsoleProgress(PrintStream out, PrintStream err, boolean terminal) {
        this.out = out;
        this.err = err;
        this.terminal = terminal;
    }

    public static ConsoleProgress system() {
        return new ConsoleProgress(System.out, System.err, stdoutIsTerminal());
    }

    @Override
    public Duration reportEvery() {
        return terminal ? Duration.ofSeconds(1) : Duration.ofSeconds(10);
    }

    @Override
    public synchronized void starting(String step) {
        breakOpenLine();
        openStep = step;
        openLine = "Starting %-22s".formatted(step + " ...");
        redrawn = false;
        out.print(openLine);
        out.flush();
    }

    @Override
    public synchronized void working(String step, String phase, Duration elapsed) {
        String status = "%s %d s".formatted(phase == null || phase.isBlank() ? "working" : phase, elapsed.toSeconds());
        if (terminal && step.equals(openStep)) {
            out.print("\r" + openLine + " " + status + CLEAR_TO_END_OF_LINE);
            redrawn = true;
        } else {
            breakOpenLine();
            out.println("  " + step + ": " + status);
        }
        out.flush();
    }

    @Override
    public synchronized void ready(String step, Duration took) {
        end(step, "ready in %.1f s".formatted(took.toMillis() / 1e3));
    }

    @Override
    public synchronized void failed(String step, Duration took) {
        end(step, "failed after %.1f s".formatted(took.toMillis() / 1e3));
    }

    /** Ends a step on its own line, unless it is still the one whose line the cursor is on. */
    private void end(String step, String status) {
        if (step.equals(openStep)) {
            out.println(redrawn ? "\r" + openLine + " " + status + CLEAR_TO_END_OF_LINE : " " + status);
            openStep = null;
        } else {
            breakOpenLine();
            out.println("  " + step + " " + status);
        }
        out.flush();
    }

    /**
     * Steps may run side by side (the simulated past is written while Keycloak starts): a report of another step, or
     * a log line, first ends the open "Starting …" line.
     */
    private void breakOpenLine() {
        if (openStep != null) {
            out.println();
            openStep = null;
        }
    }

    @Override
    public synchronized void stopping(String component) {
        out.println("Stopping " + component);
    }

    @Override
    public synchronized void stopFailed(String component, RuntimeException failure) {
        err.println("  " + component + " did not stop cleanly: " + failure.getMessage());
    }

    /** JDK 22 and later give a Console even when stdout is redirected and say through isTerminal() whether it is one. */
    private static boolean stdoutIsTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException olderThan22) {
            return true;
        }
    }
}
