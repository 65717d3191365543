package org.aitelemetry.worker.usage;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The hours of one source whose source answered incompletely, in this replica's memory: each waits out a delay that
 * doubles with every failure, so that a store that stays down costs one attempt per delay, not one per run, and never
 * blocks the rest of the gap. (The hours done are marked in PostgreSQL, {@code usage_rollup_hour}.) A restart forgets:
 * those hours are asked again at once.
 */
final class HourLedger {

    static final Duration FIRST_RETRY = Duration.ofMinutes(10);
    static final Duration LONGEST_RETRY = Duration.ofHours(6);

    private final Map<Instant, Retry> retries = new HashMap<>();

    private record Retry(int failures, Instant notBefore) {
    }

    /** Whether the hour's retry delay has yet to pass. */
    boolean waiting(Instant hour, Instant now) {
        Retry retry = retries.get(hour);
        return retry != null && now.isBefore(retry.notBefore());
    }

    void completed(Instant hour) {
        retries.remove(hour);
    }

    void incomplete(Instant hour, Instant now) {
        int failures = retries.containsKey(hour) ? retries.get(hour).failures() + 1 : 1;
        retries.put(hour, new Retry(failures, now.plus(delay(failures))));
    }

    /** Hours beyond the horizon will not be asked again. */
    void forgetBefore(Instant oldest) {
        retries.keySet().removeIf(hour -> hour.isBefore(oldest));
    }

    static Duration delay(int failures) {
        long longest = LONGEST_RETRY.dividedBy(FIRST_RETRY);
        return FIRST_RETRY.multipliedBy(Math.min(longest, 1L << Math.min(failures - 1, 30)));
    }
}
