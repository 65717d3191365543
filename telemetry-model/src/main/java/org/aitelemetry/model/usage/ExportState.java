package org.aitelemetry.model.usage;

/** Where a session's span stands in the outbox. */
public enum ExportState {
    /** The session is not final yet. */
    NOT_READY,
    PENDING,
    EXPORTED,
    /** The span can never be built or sent (absurd times): out of the outbox, with the reason in the row. */
    QUARANTINED
}
