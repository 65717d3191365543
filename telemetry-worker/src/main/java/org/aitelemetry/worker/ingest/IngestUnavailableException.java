package org.aitelemetry.worker.ingest;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * A request the worker cannot take now (503 with Retry-After): the database down or slower than
 * {@code telemetry.ingest.store-timeout}, or no room in the {@link IngestBodyBudget}. Alertmanager and gpu-probe retry
 * 5xx, so nothing is lost; a store that commits after the answer only makes the retry a duplicate or a replay.
 */
public class IngestUnavailableException extends IngestRefusal {

    private final int retryAfterSeconds;

    public IngestUnavailableException(String title, String detail, int retryAfterSeconds, Throwable cause) {
        super(title, "unavailable", detail, cause);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /**
     * The store's item, or a failure once the store took longer than the timeout: the sender gets its answer (and
     * retries) before its own timeout would make it guess.
     */
    public static <T> Uni<T> within(Duration storeTimeout, Uni<T> store) {
        return store.ifNoItem().after(storeTimeout)
                .failWith(() -> new TimeoutException("the database took longer than " + storeTimeout));
    }
}
