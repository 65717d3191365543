package org.aitelemetry.worker.session;

import java.time.Duration;
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
 * <li>A notification older than a session already known for its fingerprint (delivered late) becomes a final session
 * that ends no later than the next one began: sessions of one fingerprint never overlap.</li>
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
            if (notification.firing()) {
                fireAgain(known, ledger);
            } else {
                resolve(known, notification, ledger);
            }
        } else if (notification.firing()) {
            open(notification, ledger);
        } else {
            recordClosed(notification, ledger);
        }
    }

    private static void fireAgain(Session session, SessionLedger ledger) {
        switch (session.state()) {
            case OPEN -> {
                session.countDuplicate();
                ledger.countDuplicate();
            }
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
            session.countDuplicate();
            ledger.countDuplicate();
        }
    }

    private static void open(AlertNotification notification, SessionLedger ledger) {
        Session next = ledger.next(notification.fingerprint(), notification.startsAt());
        if (next != null) {
            Session late = ledger.create(notification);
            late.finish(next.startsAt(), CloseReason.SUPERSEDED);
            ledger.record(Transition.Type.FINALISED, late);
            return;
        }
        supersedeLive(notification, ledger);
        ledger.record(Transition.Type.OPENED, ledger.create(notification));
    }

    private static void recordClosed(AlertNotification notification, SessionLedger ledger) {
        Session next = ledger.next(notification.fingerprint(), notification.startsAt());
        if (next == null) {
            supersedeLive(notification, ledger);
        }
        var end = next != null && notification.end().isAfter(next.startsAt()) ? next.startsAt() : notification.end();
        Session closed = ledger.create(notification);
        closed.finish(end, CloseReason.RESOLVED);
        ledger.record(Transition.Type.FINALISED, closed);
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
}
