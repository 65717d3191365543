package org.aitelemetry.devkit.process;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * An external process whose output goes to a log file and which is stopped with its whole process tree; should the
 * JVM that started it end first (Ctrl-C on a benchmark, a test run torn down), a shutdown hook kills what is left.
 */
public final class ManagedProcess {

    private static final Set<ManagedProcess> RUNNING = ConcurrentHashMap.newKeySet();
    /** The exit status Java reports for a process ended by SIGKILL (128 + 9). */
    private static final int KILLED = 137;

    /** Long enough for an app to write its class-data recording at exit (up to ~15 s on two cores). */
    private static final long REAPER_GRACE_SECONDS = 30;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ManagedProcess::stopAllLeft, "devkit-process-reaper"));
    }

    private final String name;
    private final Process process;

    private ManagedProcess(String name, Process process) {
        this.name = name;
        this.process = process;
    }

    public static ManagedProcess start(String name, List<String> command, Path logFile) throws IOException {
        return start(name, command, logFile, null);
    }

    /** Starts the command in {@code workingDir} (null: this JVM's). */
    public static ManagedProcess start(String name, List<String> command, Path logFile, Path workingDir)
            throws IOException {
        Process process = new ProcessBuilder(command)
                .directory(workingDir == null ? null : workingDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(Redirect.appendTo(logFile.toFile()))
                .start();
        ManagedProcess managed = new ManagedProcess(name, process);
        RUNNING.add(managed);
        return managed;
    }

    /** Asks every process still running to stop at once, then gives them one grace period together. */
    private static void stopAllLeft() {
        List<ManagedProcess> left = List.copyOf(RUNNING);
        left.forEach(running -> running.process.destroy());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(REAPER_GRACE_SECONDS);
        for (ManagedProcess running : left) {
            running.stop(Math.max(1, TimeUnit.NANOSECONDS.toSeconds(deadline - System.nanoTime())));
        }
    }

    public String name() {
        return name;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    /** Waits for a short-lived process (a setup tool) to end and returns its exit code; one that overruns is killed. */
    public int awaitExit(Duration timeout) throws InterruptedException {
        boolean exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        stop(1);
        if (!exited) {
            throw new IllegalStateException(name + " did not finish within " + timeout.toSeconds() + " s");
        }
        return process.exitValue();
    }

    /**
     * Asks the process to stop (SIGTERM), waits up to the grace period, then kills what is left of its tree. Returns
     * whether it ended on its own (so whatever it writes at exit is complete): within the grace period, and not killed
     * meanwhile by someone else (the shutdown hook below, at Ctrl-C).
     */
    public boolean stop(long graceSeconds) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroy();
        boolean endedInGrace = false;
        try {
            endedInGrace = process.waitFor(graceSeconds, TimeUnit.SECONDS);
            if (!endedInGrace) {
                process.destroyForcibly().waitFor(graceSeconds, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        RUNNING.remove(this);
        return endedInGrace && process.exitValue() != KILLED;
    }
}
