package org.aitelemetry.model.usage;

public enum CloseReason {
    /** Alertmanager sent the resolve. */
    RESOLVED,
    /** The same fingerprint fired again with a newer startsAt. */
    SUPERSEDED,
    /** Reconciliation found the alert gone while the session was open. */
    UNOBSERVED
}
