package org.aitelemetry.worker.json;

/** A body {@link StrictJson} refuses; the message is the reason a client reads. Each endpoint maps it to its 400. */
public class StrictJsonException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StrictJsonException(String reason) {
        super(reason);
    }

    public StrictJsonException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
