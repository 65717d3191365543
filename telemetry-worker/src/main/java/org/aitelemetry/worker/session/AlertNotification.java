package org.aitelemetry.worker.session;

import java.time.Instant;
import java.util.Map;
import org.aitelemetry.worker.pipeline.AlertStatus;

/**
 * One stored alert notification as the state machine reads it. {@code receivedAt} is when its batch arrived: grace
 * periods count from there, so replaying stored notifications gives the same result as processing them live.
 */
public record AlertNotification(long id, String fingerprint, AlertStatus status, Instant startsAt, Instant endsAt,
        Map<String, String> labels, Instant receivedAt) {

    public SessionKey key() {
        return new SessionKey(fingerprint, startsAt);
    }

    public boolean firing() {
        return status == AlertStatus.FIRING;
    }

    /**
     * A resolve without an end of its own (a sender that left it out) ends when it arrived, but never before it
     * started: the sender's clock may run ahead of the worker's by the skew the webhook allows.
     */
    public Instant end() {
        if (endsAt != null) {
            return endsAt;
        }
        return receivedAt.isBefore(startsAt) ? startsAt : receivedAt;
    }
}
