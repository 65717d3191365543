package org.aitelemetry.devkit.process;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Waits until a started process writes a given line to its log, and fails fast, naming the log, if the process exits.
 * For servers whose readiness is easiest read from their own words (Prometheus behind mutual TLS, Kafka).
 */
public final class LogReadiness {

    /** Short, so start-up measurements measure the process rather than the polling. */
    private static final long POLL_MILLIS = 20;

    private LogReadiness() {
    }

    /** {@code offset} is where this start's output begins in {@code log}: an earlier start's line does not count. */
    public static void await(ManagedProcess process, Path log, long offset, String readyLine, Duration timeout)
            throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (logSince(log, offset).contains(readyLine)) {
                return;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(process.name() + " exited during start; see " + log);
            }
            Thread.sleep(POLL_MILLIS);
        }
        throw new IllegalStateException(process.name() + " was not ready within " + timeout.toSeconds() + " s; see " + log);
    }

    private static String logSince(Path log, long offset) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            byte[] tail = new byte[(int) Math.max(0, file.length() - offset)];
            file.seek(offset);
            file.readFully(tail);
            return new String(tail, StandardCharsets.UTF_8);
        }
    }
}
