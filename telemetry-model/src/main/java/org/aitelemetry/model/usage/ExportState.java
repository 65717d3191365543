package org.aitelemetry.model.usage;

/** Where a session's span stands in the outbox. */
public enum ExportState {
    /** The session is not final yet. */
    NOT_READY,
    PENDING,
    EXPORTED
}
