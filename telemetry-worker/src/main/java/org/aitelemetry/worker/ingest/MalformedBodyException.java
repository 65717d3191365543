package org.aitelemetry.worker.ingest;

/** A body that can never be stored; the sender must not retry it (400), and the detail says why. */
public class MalformedBodyException extends IngestRefusal {

    protected MalformedBodyException(String title, String detail, Throwable cause) {
        super(title, "malformed", detail, cause);
    }
}
