package org.aitelemetry.model.usage;

/** Usage-session states of contracts.md §2. */
public enum SessionState {
    OPEN,
    /** Resolved; finalised after the grace period unless the same alert fires again. */
    CLOSING,
    /** Closed for good; produces exactly one span. */
    FINAL
}
