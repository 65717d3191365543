package org.aitelemetry.worker.contact;

import io.quarkus.runtime.configuration.ConfigurationException;

/**
 * A contacts file the worker cannot use. Without a cause, so that Quarkus stops the start printing only this message
 * (file, line, problem), as for the price sheet.
 */
public class ContactsException extends ConfigurationException {

    ContactsException(String source, int line, String problem) {
        super("Contacts file " + source + " line " + line + ": " + problem);
    }

    ContactsException(String source, String problem) {
        super("Contacts file " + source + ": " + problem);
    }
}
