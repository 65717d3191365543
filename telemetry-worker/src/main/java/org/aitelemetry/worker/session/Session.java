package org.aitelemetry.worker.session;

import java.time.Instant;
import java.util.Map;
import org.aitelemetry.model.usage.CloseReason;
import org.aitelemetry.model.usage.SessionState;

/**
 * A usage session while one drain of notifications works on it: loaded from the database (with its id) or created by
 * the drain (no id yet). The state machine changes it; the store writes back the ones that changed.
 */
public final class Session {

    private final Long id;
    private final SessionKey key;
    private final String alertName;
    private final Map<String, String> labels;
    private SessionState state;
    private CloseReason closeReason;
    private Instant endsAt;
    private Instant finalizeAfter;
    private Instant lastSeenAt;
    private Instant currentStartsAt;
    private int duplicates;
    private int lateDuplicates;
    /** Read from the labels on first use: a new session's row and its events both need them. */
    private SessionLabels named;

    Session(Long id, SessionKey key, String alertName, Map<String, String> labels, SessionState state,
            CloseReason closeReason, Instant endsAt, Instant finalizeAfter, Instant lastSeenAt, Instant currentStartsAt,
            int duplicates, int lateDuplicates) {
        this.id = id;
        this.key = key;
        this.alertName = alertName;
        this.labels = Map.copyOf(labels);
        this.state = state;
        this.closeReason = closeReason;
        this.endsAt = endsAt;
        this.finalizeAfter = finalizeAfter;
        this.lastSeenAt = lastSeenAt;
        this.currentStartsAt = currentStartsAt;
        this.duplicates = duplicates;
        this.lateDuplicates = lateDuplicates;
    }

    /** A session the drain creates from a notification. */
    static Session opened(AlertNotification notification) {
        return new Session(null, notification.key(),
                SessionLabels.clip(notification.labels().getOrDefault("alertname", ""), SessionLabels.ALERT_NAME),
                notification.labels(), SessionState.OPEN, null, null, null, notification.receivedAt(), null, 0, 0);
    }

    void close(Instant end, Instant graceEnds) {
        state = SessionState.CLOSING;
        endsAt = end;
        finalizeAfter = graceEnds;
    }

    /** The alert came back with a new startsAt inside the grace period: the session goes on, following it. */
    void continueAs(Instant startsAt) {
        currentStartsAt = startsAt;
        cancelClose();
    }

    void cancelClose() {
        state = SessionState.OPEN;
        endsAt = null;
        finalizeAfter = null;
    }

    void finish(Instant end, CloseReason reason) {
        state = SessionState.FINAL;
        endsAt = end.isBefore(key.startsAt()) ? key.startsAt() : end;
        closeReason = reason;
        finalizeAfter = null;
    }

    void seen(Instant at) {
        if (lastSeenAt == null || at.isAfter(lastSeenAt)) {
            lastSeenAt = at;
        }
    }

    void countDuplicate() {
        duplicates++;
    }

    void countLateDuplicate() {
        lateDuplicates++;
    }

    public boolean isNew() {
        return id == null;
    }

    /** Open or closing: the one session of its fingerprint that a later firing may still extend. */
    public boolean isLive() {
        return state != SessionState.FINAL;
    }

    public Long id() {
        return id;
    }

    public SessionKey key() {
        return key;
    }

    public String fingerprint() {
        return key.fingerprint();
    }

    public Instant startsAt() {
        return key.startsAt();
    }

    /** The alert's startsAt the session follows now: its own, or the one it continued as. */
    public Instant following() {
        return currentStartsAt != null ? currentStartsAt : key.startsAt();
    }

    /** Null unless the session {@link #continueAs continued as} a newer startsAt. */
    public Instant currentStartsAt() {
        return currentStartsAt;
    }

    public String alertName() {
        return alertName;
    }

    public Map<String, String> labels() {
        return labels;
    }

    /** The named columns its labels give (cluster, node, GPU, pod …). */
    SessionLabels named() {
        if (named == null) {
            named = SessionLabels.of(labels);
        }
        return named;
    }

    public SessionState state() {
        return state;
    }

    public CloseReason closeReason() {
        return closeReason;
    }

    public Instant endsAt() {
        return endsAt;
    }

    public Instant finalizeAfter() {
        return finalizeAfter;
    }

    public Instant lastSeenAt() {
        return lastSeenAt;
    }

    public int duplicates() {
        return duplicates;
    }

    public int lateDuplicates() {
        return lateDuplicates;
    }
}
