package org.aitelemetry.model.fleet;

/** Outcome of the last sync cycle of a metric source or cluster. */
public enum SyncStatus {
    NEVER,
    OK,
    /** The source answered with warnings or a partial response: nothing was marked missing. */
    INCOMPLETE,
    FAILED
}
