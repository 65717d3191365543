package org.aitelemetry.worker.price;

import io.quarkus.runtime.configuration.ConfigurationException;

/**
 * A sheet the worker cannot price with. A {@link ConfigurationException} without a cause, so that Quarkus stops the
 * start printing only this message (file, line, problem) instead of a stack trace.
 */
public class PriceSheetException extends ConfigurationException {

    PriceSheetException(String source, int line, String problem) {
        super("Price sheet " + source + " line " + line + ": " + problem);
    }

    PriceSheetException(String source, String problem) {
        super("Price sheet " + source + ": " + problem);
    }
}
