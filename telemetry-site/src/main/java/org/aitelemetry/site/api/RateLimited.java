package org.aitelemetry.site.api;

/** A refusal because the caller made too many requests: a 429 problem whose Retry-After says when to try again. */
public final class RateLimited extends RuntimeException {

    private final long retryAfterSeconds;

    public RateLimited(String detail, long retryAfterSeconds) {
        super(detail, null, false, false);
        this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
