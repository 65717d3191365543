package org.aitelemetry.worker.csv;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A data file an operator configures by location: a file path, or {@code classpath:<resource>} for one shipped in the
 * worker (the price sheet, the contacts file).
 */
public final class ConfiguredFile {

    public static final String CLASSPATH = "classpath:";

    /** The file cannot be read; the message says why, for the caller to put in its own refusal. */
    public static final class UnreadableException extends RuntimeException {
        UnreadableException(String reason) {
            super(reason, null, false, false);
        }
    }

    private ConfiguredFile() {
    }

    /** @throws UnreadableException when there is no such file or resource, or it cannot be read as UTF-8 */
    public static List<String> lines(String location) {
        try {
            if (!location.startsWith(CLASSPATH)) {
                return Files.readAllLines(Path.of(location), StandardCharsets.UTF_8);
            }
            try (InputStream in = ConfiguredFile.class.getClassLoader()
                    .getResourceAsStream(location.substring(CLASSPATH.length()))) {
                if (in == null) {
                    throw new UnreadableException("no such resource in the worker");
                }
                return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof UnreadableException unreadable) {
                throw unreadable;
            }
            // The exception's class says what went wrong (NoSuchFileException, AccessDeniedException, bad UTF-8).
            throw new UnreadableException("cannot be read: " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
    }
}
