package org.aitelemetry.worker.price;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads the configured sheet: a file, or a resource shipped in the worker ({@code classpath:prices/…}). */
public final class PriceSheetFile {

    static final String CLASSPATH = "classpath:";

    private PriceSheetFile() {
    }

    /** @throws PriceSheetException naming the location when it cannot be read */
    public static PriceSheet read(String location) {
        return PriceSheetParser.parse(location, lines(location));
    }

    private static List<String> lines(String location) {
        try {
            if (!location.startsWith(CLASSPATH)) {
                return Files.readAllLines(Path.of(location), StandardCharsets.UTF_8);
            }
            try (InputStream in = PriceSheetFile.class.getClassLoader()
                    .getResourceAsStream(location.substring(CLASSPATH.length()))) {
                if (in == null) {
                    throw new PriceSheetException(location, "no such resource in the worker");
                }
                return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof PriceSheetException refused) {
                throw refused;
            }
            // The exception's class says what went wrong (NoSuchFileException, AccessDeniedException, bad UTF-8).
            throw new PriceSheetException(location, "cannot be read: " + e.getClass().getSimpleName() + " "
                    + e.getMessage());
        }
    }
}
