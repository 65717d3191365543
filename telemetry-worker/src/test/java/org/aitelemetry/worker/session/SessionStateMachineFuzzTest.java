package org.aitelemetry.worker.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.aitelemetry.model.usage.SessionState;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenario 16 for the usage-session state machine, step by step: random alert histories (instances of
 * one alert follow one another) delivered as Alertmanager may (firings, resolves with or without their end, firing
 * again, re-sent, lost, reordered, arriving up to the clock skew the webhook allows before their time), applied one at
 * a time to one ledger. After every step the invariants of contracts.md §2 and {@link SessionStateMachine}'s javadoc hold: no session
 * ends before it starts, at most one open or closing session per fingerprint, each state carries what it needs, the
 * final sessions of a fingerprint never overlap, and every notification is accounted for: it opened, continued, closed
 * or finished a session of its key, or was counted as a (late) duplicate. The seed is fixed; a failure names it.
 */
class SessionStateMachineFuzzTest {

    private static final long SEED = 2026_11_24L;
    private static final int SEQUENCES = 3_000;
    private static final Instant T0 = Instant.parse("2026-11-21T00:00:00Z");
    private static final Duration GRACE = Duration.ofMinutes(15);
    private static final Duration SKEW = Duration.ofMinutes(5);

    private final SessionStateMachine machine = new SessionStateMachine(GRACE);

    @Test
    void invariantsHoldAfterEveryNotification() {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int sequence = 0; sequence < SEQUENCES; sequence++) {
            List<AlertNotification> sent = new ArrayList<>();
            try {
                run(random.split(), sent);
            } catch (AssertionError failure) {
                throw new AssertionError("sequence " + sequence + " of seed " + SEED + " failed after "
                        + sent.size() + " notifications, the last: " + sent.get(sent.size() - 1) + ": "
                        + failure.getMessage(), failure);
            }
        }
    }

    private void run(SplittableRandom random, List<AlertNotification> sent) {
        SessionLedger ledger = new SessionLedger();
        for (AlertNotification next : deliveries(random)) {
            sent.add(next);
            int countedBefore = ledger.duplicates() + ledger.lateDuplicates();
            machine.apply(next, ledger);
            assertAccountedFor(next, ledger, countedBefore);
            assertInvariants(ledger.all());
        }
    }

    /**
     * Per alert, instances that follow one another (an alert fires again only after it resolved), the last perhaps
     * still firing; each sends firings while it fires and resolves after it ended, with or without its end, all
     * arriving up to the clock skew before their time or long after it, re-sent, lost and reordered.
     */
    private static List<AlertNotification> deliveries(SplittableRandom random) {
        Notifications notifications = new Notifications();
        List<AlertNotification> sent = new ArrayList<>();
        for (int alert = 0; alert < 1 + random.nextInt(3); alert++) {
            String fingerprint = "f" + alert;
            Instant start = T0.plusSeconds(random.nextInt(3600));
            for (int instance = 0; instance < 1 + random.nextInt(4); instance++) {
                Instant end = start.plusSeconds(1 + random.nextInt(5400));
                for (int firing = random.nextInt(4); firing > 0; firing--) {
                    sent.add(notifications.firing(fingerprint, start, arrival(random, start, end)));
                }
                if (instance > 0 && random.nextInt(5) == 0) {
                    break;
                }
                for (int resolve = random.nextInt(3); resolve > 0; resolve--) {
                    Instant arrival = arrival(random, end, end.plus(GRACE.multipliedBy(3)));
                    sent.add(notifications.resolved(fingerprint, start, random.nextInt(4) == 0 ? null : end,
                            arrival));
                }
                start = end.plusSeconds(1 + random.nextInt(3600));
            }
        }
        sent.sort(Comparator.comparing(AlertNotification::receivedAt));
        for (int i = 0; i + 1 < sent.size(); i++) {
            if (random.nextInt(5) == 0) {
                AlertNotification late = sent.remove(i);
                sent.add(Math.min(sent.size(), i + 1 + random.nextInt(4)), late);
            }
            if (random.nextInt(8) == 0) {
                sent.add(Math.min(sent.size(), i + 1 + random.nextInt(10)), sent.get(i));
            }
        }
        return sent;
    }

    /** Between the two times, or up to the clock skew before the first (the sender's clock ahead of the worker's). */
    private static Instant arrival(SplittableRandom random, Instant from, Instant to) {
        long span = Duration.between(from, to).getSeconds() + SKEW.getSeconds();
        return from.minus(SKEW).plusSeconds(random.nextLong(span + 1));
    }

    private static void assertAccountedFor(AlertNotification notification, SessionLedger ledger, int countedBefore) {
        if (ledger.duplicates() + ledger.lateDuplicates() > countedBefore) {
            return;
        }
        Session session = ledger.find(notification.key());
        assertThat(session).as("a notification that is no duplicate has a session of its key").isNotNull();
        if (!notification.firing()) {
            assertThat(session.state()).as("a resolve that is no duplicate closes or finishes its session")
                    .isNotEqualTo(SessionState.OPEN);
        }
    }

    private static void assertInvariants(List<Session> sessions) {
        Map<String, List<Session>> byFingerprint = new HashMap<>();
        for (Session session : sessions) {
            if (session.endsAt() != null) {
                assertThat(session.endsAt()).as("%s ends before it starts", session.key())
                        .isAfterOrEqualTo(session.startsAt());
            }
            switch (session.state()) {
                case OPEN -> assertThat(session.endsAt()).as("an open session has no end").isNull();
                case CLOSING -> assertThat(session.finalizeAfter()).as("a closing session's grace end").isNotNull();
                case FINAL -> assertThat(session.closeReason()).as("a final session's reason").isNotNull();
            }
            byFingerprint.computeIfAbsent(session.fingerprint(), key -> new ArrayList<>()).add(session);
        }
        byFingerprint.values().forEach(list -> {
            assertThat(list.stream().filter(Session::isLive).count()).as("live sessions of one alert").isLessThan(2);
            list.sort(Comparator.comparing(Session::startsAt));
            for (int i = 0; i + 1 < list.size(); i++) {
                Session earlier = list.get(i);
                if (earlier.state() == SessionState.FINAL) {
                    assertThat(earlier.endsAt()).as("sessions of one alert never overlap")
                            .isBeforeOrEqualTo(list.get(i + 1).startsAt());
                }
            }
        });
    }
}
