package org.aitelemetry.worker.ingest;

/**
 * An ingest request refused as a whole: {@link IngestProblemMappers} answers it with a problem document, and the
 * endpoint counts it under {@link #reason()} (the label its metrics have always used).
 */
public abstract class IngestRefusal extends RuntimeException {

    private final String title;
    private final String reason;

    protected IngestRefusal(String title, String reason, String detail, Throwable cause) {
        super(detail, cause);
        this.title = title;
        this.reason = reason;
    }

    /** The problem's title: what kind of refusal, in words. */
    public String title() {
        return title;
    }

    /** The metric label of the refusal: {@code malformed}, {@code media-type} or {@code unavailable}. */
    public String reason() {
        return reason;
    }
}
