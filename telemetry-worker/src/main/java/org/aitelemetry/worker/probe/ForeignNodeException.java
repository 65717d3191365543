package org.aitelemetry.worker.probe;

/** A probe report the caller's node-scoped token may not write (403); the reason names the node and what is foreign. */
public class ForeignNodeException extends RuntimeException {

    public ForeignNodeException(String reason) {
        super(reason);
    }
}
