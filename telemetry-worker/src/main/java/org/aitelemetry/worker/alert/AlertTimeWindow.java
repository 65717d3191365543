package org.aitelemetry.worker.alert;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The times an alert may carry to become a usage session: {@code startsAt} no earlier than {@code alert-max-age} ago
 * and no later than {@code alert-clock-skew} ahead; a resolved alert's {@code endsAt} not before its start nor ahead of
 * the skew. Outside it the alert is no usage a span or a bill could show: Alertmanager's zero time (0001-01-01) as a
 * start, or a span from 1970 to 9999 that no exporter can encode. A firing alert's {@code endsAt} is not checked: the
 * parser already read it as "no end".
 */
public final class AlertTimeWindow {

    private final Duration maxAge;
    private final Duration skew;

    public AlertTimeWindow(Duration maxAge, Duration skew) {
        this.maxAge = maxAge;
        this.skew = skew;
    }

    /** The reason the alert's times lie outside the window, or empty when they are inside it. */
    Optional<String> refusal(Instant startsAt, Instant endsAt, Instant now) {
        Instant earliest = now.minus(maxAge);
        Instant latest = now.plus(skew);
        if (startsAt.isBefore(earliest)) {
            return Optional.of("startsAt " + startsAt + " is older than the " + maxAge.toDays() + "-day window of"
                    + " alerts this worker accepts (since " + earliest + ")");
        }
        if (startsAt.isAfter(latest)) {
            return Optional.of("startsAt " + startsAt + " is in the future: more than the allowed clock skew of "
                    + skew.toSeconds() + " s after the worker's time " + now);
        }
        if (endsAt != null && endsAt.isBefore(startsAt)) {
            return Optional.of("endsAt " + endsAt + " is before startsAt " + startsAt);
        }
        if (endsAt != null && endsAt.isAfter(latest)) {
            return Optional.of("endsAt " + endsAt + " of a resolved alert is in the future: more than the allowed"
                    + " clock skew of " + skew.toSeconds() + " s after the worker's time " + now);
        }
        return Optional.empty();
    }
}
