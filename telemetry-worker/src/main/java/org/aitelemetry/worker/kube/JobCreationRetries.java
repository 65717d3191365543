package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.Optional;

/**
 * When a request whose Jobs could not be created is tried again: {@code backoff · 2^(n-1)} after the n-th failed
 * attempt, capped at {@code backoff-max}; never once {@code attempts} are used up, nor after the API called the Job
 * invalid (400, 422), which no retry mends. Other refusals (403 until RBAC is fixed, 404 until the namespace exists,
 * 409 on another object, 429, 5xx, no connection) may pass.
 */
final class JobCreationRetries {

    private final int attempts;
    private final Duration backoff;
    private final Duration backoffMax;

    JobCreationRetries(KubeConfig.JobCreation config) {
        this.attempts = config.attempts();
        this.backoff = config.backoff();
        this.backoffMax = config.backoffMax();
    }

    int attempts() {
        return attempts;
    }

    /** The delay before the next attempt, or empty when the request fails now. */
    Optional<Duration> after(int failedAttempts, Throwable error) {
        if (failedAttempts >= attempts || invalid(error)) {
            return Optional.empty();
        }
        Duration delay = backoff;
        for (int failure = 1; failure < failedAttempts && delay.compareTo(backoffMax) < 0; failure++) {
            delay = delay.multipliedBy(2);
        }
        return Optional.of(delay.compareTo(backoffMax) < 0 ? delay : backoffMax);
    }

    static boolean invalid(Throwable error) {
        return error instanceof KubernetesClientException refusal
                && (refusal.getCode() == 400 || refusal.getCode() == 422);
    }
}
