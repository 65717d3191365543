package org.aitelemetry.worker.pipeline;

/**
 * Stored alert notifications wait for session processing in {@value #COUNT} shards by fingerprint, which drain at once:
 * a session's notifications all fall in one shard and apply in arrival order within it. The webhook files each
 * notification under its shard in {@code alert_pending} (migration V27 computed the same for what was pending then).
 */
public final class NotificationShards {

    public static final int COUNT = 4;

    private NotificationShards() {
    }

    /** The SQL expression of the shard of a fingerprint column or value. */
    public static String of(String fingerprint) {
        return "(hashtext(%s) & %d)".formatted(fingerprint, COUNT - 1);
    }
}
