package org.aitelemetry.worker.session;

/** What happened to a session in a drain, in order; published after the drain commits. */
public record Transition(Type type, Session session) {

    public enum Type {
        OPENED,
        /** Resolved; final after the grace period unless it fires again. */
        CLOSING,
        CLOSE_CANCELLED,
        FINALISED
    }
}
