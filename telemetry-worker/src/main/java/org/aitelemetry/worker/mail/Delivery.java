package org.aitelemetry.worker.mail;

/** What one attempt at the oldest due message came to, and which message it was (0 with {@link Outcome#NONE}). */
record Delivery(long mailId, Outcome outcome) {

    static final Delivery NONE = new Delivery(0, Outcome.NONE);

    enum Outcome {
        /** No message was due (or every due one is held by another replica, or was tried in this round). */
        NONE,
        /** The server accepted it, and the outbox says so. */
        SENT,
        /** A transient failure: tried again after a backoff. */
        RETRY,
        /** A permanent failure: never tried again. */
        FAILED
    }
}
