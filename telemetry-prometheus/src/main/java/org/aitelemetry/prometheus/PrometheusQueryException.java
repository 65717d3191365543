package org.aitelemetry.prometheus;

import java.time.Duration;
import java.util.Optional;

/**
 * A query that failed for good: after its last attempt, or at once when retrying cannot help. Carries what the source
 * said (HTTP status, Prometheus {@code errorType} and {@code error}) and whether the cause was transient, so that
 * callers can tell "the source is down" from "our query is wrong".
 */
public final class PrometheusQueryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The status when no HTTP response came back (connection refused, deadline, unreadable credentials). */
    public static final int NO_RESPONSE = 0;

    private final int httpStatus;
    private final String errorType;
    private final String error;
    private final boolean transientFailure;
    private final Duration retryAfter;

    private PrometheusQueryException(String message, int httpStatus, String errorType, String error,
            boolean transientFailure, Duration retryAfter, Throwable cause) {
        super(message, cause);
        this.httpStatus = httpStatus;
        this.errorType = errorType;
        this.error = error;
        this.transientFailure = transientFailure;
        this.retryAfter = retryAfter;
    }

    /** The source answered, with an error status or a body we could not use. */
    static PrometheusQueryException response(String source, int httpStatus, Optional<String> errorType,
            Optional<String> error, boolean transientFailure, Optional<Duration> retryAfter) {
        String detail = errorType.map(type -> " " + type).orElse("") + error.map(text -> ": " + text).orElse("");
        return new PrometheusQueryException("source '" + source + "': HTTP " + httpStatus + detail, httpStatus,
                errorType.orElse(null), error.orElse(null), transientFailure, retryAfter.orElse(null), null);
    }

    /** No usable answer: the connection, the deadline or the credentials failed before the source could answer. */
    static PrometheusQueryException noResponse(String source, String reason, boolean transientFailure,
            Throwable cause) {
        return new PrometheusQueryException("source '" + source + "': " + reason, NO_RESPONSE, null, null,
                transientFailure, null, cause);
    }

    /** The HTTP status, or {@link #NO_RESPONSE}. */
    public int httpStatus() {
        return httpStatus;
    }

    /** Prometheus' {@code errorType}: timeout, canceled, execution, bad_data, internal, unavailable or not_found. */
    public Optional<String> errorType() {
        return Optional.ofNullable(errorType);
    }

    /** Prometheus' {@code error} message. */
    public Optional<String> error() {
        return Optional.ofNullable(error);
    }

    /** Whether the source was overloaded, unreachable or cut the answer short: the same query may work later. */
    public boolean isTransient() {
        return transientFailure;
    }

    /** The pause the source asked for with {@code Retry-After}. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
