package org.aitelemetry.worker.session;

import java.time.Duration;
import java.time.Instant;
import org.aitelemetry.model.usage.CloseReason;
import org.aitelemetry.model.usage.SessionState;

/**
 * The usage-session rules of contracts.md §2, applied to one notification at a time. Alertmanager delivers at least
 * once and in any order, so every rule is idempotent: a notification seen again changes nothing but a counter.
 * <ul>
 * <li>firing, unknown key: opens a session; a live session of the same fingerprint that started earlier closes
 * {@code superseded} at the new start (or {@code resolved} at its own end if it was closing and ended before).</li>
 * <li>firing, known key: open → duplicate; closing → the close is cancelled; final → late duplicate, never reopened.</li>
 * <li>resolved, open session → closing, final after the grace period; resolved, unknown key → a final session.</li>
 * <li>The grace-period rule: an alert that comes back with a <em>new</em> startsAt less than the grace period after
 * its closing session ended continues that session. This is what a Prometheus outage looks like: Alertmanager
 * resolves the alert for want of updates (a false end), the restarted Prometheus fires it again with a new startsAt.</li>
 * <li>A notification older than a session already known for its fingerprint (delivered late) becomes a final session
 * that ends no later than the next one began, and a superseded session before it ends where it began: sessions of
 * one fingerprint never overlap.</li>
 * </ul>
 */
public final class SessionStateMachine {

    private final Duration gracePeriod;

    public SessionStateMachine(Duration gracePeriod) {
        this.gracePeriod = gracePeriod;
    }

    public void apply(AlertNotification notification, SessionLedger ledger) {
        Session known = ledger.find(notification.key());
        if (known != null) {
            known.seen(notification.receivedAt());
            ledger.changed(known);
            if (!known.following().equals(notification.startsAt())) {
                countDuplicate(known, ledger);
            } else if (notification.firing()) {
                fireAgain(known, ledger);
            } else {
                resolve(known, notification, ledger);
            }
        } else if (continuedPast(notification, ledger) != null) {
            Session continued = continuedPast(notification, ledger);
            continued.seen(notification.receivedAt());
            ledger.changed(continued);
            countDuplicate(continued, ledger);
        } else if (notification.firing()) {
            open(notification, ledger);
        } else {
            recordClosed(notification, ledger);
        }
    }

    private static void fireAgain(Session session, SessionLedger ledger) {
        switch (session.state()) {
            case OPEN -> countDuplicate(session, ledger);
            case CLOSING -> {
                session.cancelClose();
                ledger.record(Transition.Type.CLOSE_CANCELLED, session);
            }
            case FINAL -> {
                session.countLateDuplicate();
                ledger.countLateDuplicate();
            }
        }
    }

    private void resolve(Session session, AlertNotification notification, SessionLedger ledger) {
        if (session.state() == SessionState.OPEN) {
            session.close(notification.end(), notification.receivedAt().plus(gracePeriod));
            ledger.record(Transition.Type.CLOSING, session);
        } else {
            countDuplicate(session, ledger);
        }
    }

    private void open(AlertNotification notification, SessionLedger ledger) {
        Session next = ledger.next(notification.fingerprint(), notification.startsAt());
        if (next != null) {
            endPreviousAtLatest(notification, ledger);
            Session late = ledger.create(notification);
            late.finish(next.startsAt(), CloseReason.SUPERSEDED);
            ledger.record(Transition.Type.FINALISED, late);
            return;
        }
        Session live = ledger.live(notification.fingerprint());
        if (comesBackInGrace(live, notification.startsAt())) {
            live.seen(notification.receivedAt());
            ledger.continued(live, notification.startsAt());
            ledger.record(Transition.Type.CLOSE_CANCELLED, live);
            return;
        }
        supersedeLive(notification, ledger);
        endPreviousAtLatest(notification, ledger);
        ledger.record(Transition.Type.OPENED, ledger.create(notification));
    }

    private void recordClosed(AlertNotification notification, SessionLedger ledger) {
        Session next = ledger.next(notification.fingerprint(), notification.startsAt());
        if (next == null) {
            Session live = ledger.live(notification.fingerprint());
            if (comesBackInGrace(live, notification.startsAt())) {
                // Came back and went again before its firing arrived: the session follows it to this end.
                live.seen(notification.receivedAt());
                ledger.continued(live, notification.startsAt());
                live.close(notification.end(), notification.receivedAt().plus(gracePeriod));
                ledger.record(Transition.Type.CLOSING, live);
                return;
            }
            supersedeLive(notification, ledger);
            endPreviousAtLatest(notification, ledger);
        } else {
            endPreviousAtLatest(notification, ledger);
        }
        Instant end = next != null && notification.end().isAfter(next.startsAt()) ? next.startsAt() : notification.end();
        Session closed = ledger.create(notification);
        closed.finish(end, CloseReason.RESOLVED);
        ledger.record(Transition.Type.FINALISED, closed);
    }

    /**
     * An instance that started after a finished session of its alert: the earlier one ended at this start at the
     * latest, since an alert fires again only once it resolved. Its end was then a guess: inferred from the next
     * start ({@code superseded}), or the arrival of a resolve that came without an end of its own.
     */
    private static void endPreviousAtLatest(AlertNotification notification, SessionLedger ledger) {
        Session previous = ledger.previous(notification.fingerprint(), notification.startsAt());
        if (previous != null && previous.state() == SessionState.FINAL
                && previous.endsAt().isAfter(notification.startsAt())) {
            previous.finish(notification.startsAt(), previous.closeReason());
            ledger.changed(previous);
        }
    }

    /** A closing session whose alert returns with a newer startsAt less than the grace period after it ended. */
    private boolean comesBackInGrace(Session live, Instant startsAt) {
        return live != null && live.state() == SessionState.CLOSING && startsAt.isAfter(live.following())
                && !startsAt.isAfter(live.endsAt().plus(gracePeriod));
    }

    /** The session that continued past the notification's startsAt, which then is a late copy of its history. */
    private static Session continuedPast(AlertNotification notification, SessionLedger ledger) {
        Session previous = ledger.previous(notification.fingerprint(), notification.startsAt());
        return previous != null && notification.startsAt().isBefore(previous.following()) ? previous : null;
    }

    /** A newer start of the same alert ends the live session of its fingerprint, which started earlier. */
    private static void supersedeLive(AlertNotification notification, SessionLedger ledger) {
        Session live = ledger.live(notification.fingerprint());
        if (live == null) {
            return;
        }
        if (live.state() == SessionState.CLOSING && !live.endsAt().isAfter(notification.startsAt())) {
            live.finish(live.endsAt(), CloseReason.RESOLVED);
        } else {
            live.finish(notification.startsAt(), CloseReason.SUPERSEDED);
        }
        ledger.record(Transition.Type.FINALISED, live);
    }

    private static void countDuplicate(Session session, SessionLedger ledger) {
        session.countDuplicate();
        ledger.countDuplicate();
    }
}
