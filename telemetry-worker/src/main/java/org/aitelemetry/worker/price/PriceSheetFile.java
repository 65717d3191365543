package org.aitelemetry.worker.price;

import org.aitelemetry.worker.csv.ConfiguredFile;

/** Reads the configured sheet: a file, or a resource shipped in the worker ({@code classpath:prices/…}). */
public final class PriceSheetFile {

    static final String CLASSPATH = ConfiguredFile.CLASSPATH;

    private PriceSheetFile() {
    }

    /** @throws PriceSheetException naming the location when it cannot be read */
    public static PriceSheet read(String location) {
        try {
            return PriceSheetParser.parse(location, ConfiguredFile.lines(location));
        } catch (ConfiguredFile.UnreadableException e) {
            throw new PriceSheetException(location, e.getMessage());
        }
    }
}
