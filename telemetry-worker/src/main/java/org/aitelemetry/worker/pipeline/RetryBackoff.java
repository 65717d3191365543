package org.aitelemetry.worker.pipeline;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Delay before the next attempt at work that failed (a span export, an aggregate reading, a mail):
 * {@code base · 2^(n-1)} after the n-th failure, capped, with "equal jitter" (between half and all of it) so that
 * replicas and items that failed together do not retry in lockstep. Delays never shrink from one attempt to the next
 * until the cap.
 */
public final class RetryBackoff {

    private final Duration base;
    private final Duration max;

    public RetryBackoff(Duration base, Duration max) {
        if (base.toMillis() < 1 || max.compareTo(base) < 0) {
            throw new IllegalArgumentException("backoff needs 1 ms <= base <= max, not " + base + " and " + max);
        }
        this.base = base;
        this.max = max;
    }

    public Duration afterFailure(int failures) {
        return afterFailure(failures, ThreadLocalRandom.current().nextDouble());
    }

    /** @param random uniform in [0, 1) */
    public Duration afterFailure(int failures, double random) {
        if (failures < 1) {
            throw new IllegalArgumentException("failures start at 1, not " + failures);
        }
        long delay = base.toMillis();
        for (int failure = 1; failure < failures && delay < max.toMillis(); failure++) {
            delay *= 2;
        }
        long capped = Math.min(delay, max.toMillis());
        return Duration.ofMillis(capped / 2 + (long) (random * (capped - capped / 2)));
    }
}
