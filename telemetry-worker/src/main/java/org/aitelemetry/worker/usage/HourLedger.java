package org.aitelemetry.worker.usage;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What the rollup remembers of one source between runs, in this replica's memory: the hours it completed, since an
 * hour with no data leaves no rows to show it was done (without this, a retention reaching back before the GPUs
 * existed would be asked again on every run), and the hours whose source answered incompletely, each waiting out a
 * delay that doubles with every failure, so that a store that stays down costs one attempt per delay, not one per run,
 * and never blocks the rest of the gap. A restart forgets: the hours without rows are asked once more.
 */
final class HourLedger {

    static final Duration FIRST_RETRY = Duration.ofMinutes(10);
    static final Duration LONGEST_RETRY = Duration.ofHours(6);

    private final Set<Instant> completed = new HashSet<>();
    private final Map<Instant, Retry> retries = new HashMap<>();

    private record Retry(int failures, Instant notBefore) {
    }

    /** The hours done: those with rows, and those this replica completed. */
    Set<Instant> done(Set<Instant> rolledUp) {
        Set<Instant> done = new HashSet<>(rolledUp);
        done.addAll(completed);
        return done;
    }

    /** Whether the hour's retry delay has yet to pass. */
    boolean waiting(Instant hour, Instant now) {
        Retry retry = retries.get(hour);
        return retry != null && now.isBefore(retry.notBefore());
    }

    void completed(Instant hour) {
        completed.add(hour);
        retries.remove(hour);
    }

    void incomplete(Instant hour, Instant now) {
        int failures = retries.containsKey(hour) ? retries.get(hour).failures() + 1 : 1;
        retries.put(hour, new Retry(failures, now.plus(delay(failures))));
    }

    /** Hours beyond the horizon will not be asked again. */
    void forgetBefore(Instant oldest) {
        completed.removeIf(hour -> hour.isBefore(oldest));
        retries.keySet().removeIf(hour -> hour.isBefore(oldest));
    }

    static Duration delay(int failures) {
        long longest = LONGEST_RETRY.dividedBy(FIRST_RETRY);
        return FIRST_RETRY.multipliedBy(Math.min(longest, 1L << Math.min(failures - 1, 30)));
    }
}
