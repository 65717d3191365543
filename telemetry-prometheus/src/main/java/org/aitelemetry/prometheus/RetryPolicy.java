package org.aitelemetry.prometheus;

import java.time.Duration;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Bounded attempts with full-jitter exponential backoff (a random pause up to a doubling ceiling), so that workers
 * retrying against a recovering source do not arrive in waves. A server's {@code Retry-After} replaces the backoff, up
 * to {@code maxRetryAfter}: a sync cycle should not sleep for however long a proxy asks.
 */
record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay, Duration maxRetryAfter) {

    static RetryPolicy withAttempts(int maxAttempts) {
        return new RetryPolicy(maxAttempts, Duration.ofMillis(200), Duration.ofSeconds(5), Duration.ofSeconds(30));
    }

    boolean mayRetryAfter(int attemptsMade) {
        return attemptsMade < maxAttempts;
    }

    /** The pause before the next attempt, after {@code attemptsMade} failed ones. */
    Duration delayAfter(int attemptsMade, Optional<Duration> retryAfter, RandomGenerator random) {
        if (retryAfter.isPresent()) {
            return retryAfter.get().compareTo(maxRetryAfter) > 0 ? maxRetryAfter : retryAfter.get();
        }
        int doublings = Math.min(attemptsMade - 1, 30);
        long ceiling = Math.min(maxDelay.toMillis(), baseDelay.toMillis() << doublings);
        return Duration.ofMillis(random.nextLong(ceiling + 1));
    }
}
