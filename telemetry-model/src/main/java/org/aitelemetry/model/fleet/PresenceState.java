package org.aitelemetry.model.fleet;

public enum PresenceState {
    PRESENT,
    /** Not seen by the configured number of complete sync cycles; kept for history, never deleted. */
    MISSING
}
