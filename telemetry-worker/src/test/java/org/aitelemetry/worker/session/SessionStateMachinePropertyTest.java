package org.aitelemetry.worker.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.aitelemetry.model.usage.SessionState;
import org.aitelemetry.worker.pipeline.AlertStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Acceptance scenario 16 for the state machine: random alert histories delivered the way Alertmanager delivers them
 * (at least once, re-sent, reordered, resolves lost or early), applied in drains that see only what the store loads.
 * The invariants of contracts.md §2 must hold for every seed, and replaying everything changes nothing.
 */
class SessionStateMachinePropertyTest {

    private static final Instant T0 = Instant.parse("2026-11-21T00:00:00Z");
    private static final Duration GRACE = Duration.ofMinutes(15);

    static List<Long> seeds() {
        List<Long> seeds = new ArrayList<>();
        for (long seed = 1; seed <= 1000; seed++) {
            seeds.add(seed);
        }
        return seeds;
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void invariantsHoldForRealisticDeliveries(long seed) {
        Random random = new Random(seed);
        List<AlertNotification> deliveries = deliveries(random);
        StoredSessions table = new StoredSessions();

        table.applyInDrains(deliveries, 1 + random.nextInt(40));

        assertInvariants(table.sessions());
        Map<SessionKey, String> before = table.snapshot();
        table.applyInDrains(deliveries, 1 + random.nextInt(40));
        assertThat(table.snapshot()).as("replaying every notification changes no session")
                .containsExactlyInAnyOrderEntriesOf(before);
        assertInvariants(table.sessions());
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void arbitraryNotificationsNeverBreakTheStructuralInvariants(long seed) {
        Random random = new Random(seed * 7919);
        Notifications notifications = new Notifications();
        List<AlertNotification> chaos = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String fingerprint = "f" + random.nextInt(3);
            Instant start = T0.plusSeconds(random.nextInt(20) * 60L);
            Instant received = T0.plusSeconds(i * 30L);
            chaos.add(random.nextBoolean() ? notifications.firing(fingerprint, start, received)
                    : notifications.resolved(fingerprint, start, start.plusSeconds(random.nextInt(3000)), received));
        }
        StoredSessions table = new StoredSessions();

        table.applyInDrains(chaos, 1 + random.nextInt(20));

        for (Session session : table.sessions()) {
            assertStructure(session);
        }
        assertOneLivePerFingerprint(table.sessions());
    }

    /** Alert instances per fingerprint that never overlap, delivered with repeats, HA copies, delays and losses. */
    private static List<AlertNotification> deliveries(Random random) {
        AtomicLong ids = new AtomicLong();
        List<AlertNotification> sent = new ArrayList<>();
        for (int f = 0; f < 1 + random.nextInt(5); f++) {
            String fingerprint = "fp" + f;
            Instant start = T0.plusSeconds(random.nextInt(600));
            for (int instance = 0; instance < 1 + random.nextInt(4); instance++) {
                Instant end = start.plusSeconds(60 + random.nextInt(7200));
                boolean stillFiring = instance > 0 && random.nextInt(4) == 0;
                int firings = random.nextInt(4);
                for (int i = 0; i < firings; i++) {
                    Instant at = start.plusSeconds(random.nextInt((int) Duration.between(start, end).getSeconds()));
                    sent.add(notification(ids, fingerprint, start, null, at));
                }
                if (!stillFiring && random.nextInt(5) > 0) {
                    for (int copy = 0; copy < 1 + random.nextInt(2); copy++) {
                        sent.add(notification(ids, fingerprint, start, end, end.plusSeconds(random.nextInt(120))));
                    }
                }
                if (stillFiring) {
                    break;
                }
                start = end.plusSeconds(1 + random.nextInt(3600));
            }
        }
        sent.sort(Comparator.comparing(AlertNotification::receivedAt));
        // Retries and slow peers: some notifications arrive a little later than sent.
        for (int i = 0; i + 1 < sent.size(); i++) {
            if (random.nextInt(6) == 0) {
                AlertNotification moved = sent.remove(i);
                sent.add(Math.min(sent.size(), i + 1 + random.nextInt(3)), moved);
            }
        }
        List<AlertNotification> arrival = new ArrayList<>();
        for (AlertNotification notification : sent) {
            arrival.add(new AlertNotification(ids.incrementAndGet(), notification.fingerprint(), notification.status(),
                    notification.startsAt(), notification.endsAt(), notification.labels(), notification.receivedAt()));
        }
        return arrival;
    }

    private static AlertNotification notification(AtomicLong ids, String fingerprint, Instant start, Instant end,
            Instant received) {
        return new AlertNotification(ids.incrementAndGet(), fingerprint,
                end == null ? AlertStatus.FIRING : AlertStatus.RESOLVED,
                start, end, Map.of("alertname", "GpuInUse"), received);
    }

    private static void assertInvariants(List<Session> sessions) {
        sessions.forEach(SessionStateMachinePropertyTest::assertStructure);
        assertOneLivePerFingerprint(sessions);
        Map<String, List<Session>> byFingerprint = new HashMap<>();
        sessions.forEach(session -> byFingerprint.computeIfAbsent(session.fingerprint(), key -> new ArrayList<>())
                .add(session));
        byFingerprint.values().forEach(list -> {
            list.sort(Comparator.comparing(Session::startsAt));
            for (int i = 0; i + 1 < list.size(); i++) {
                Session earlier = list.get(i);
                Session later = list.get(i + 1);
                assertThat(earlier.state()).as("only the latest session of an alert may be live").isEqualTo(SessionState.FINAL);
                assertThat(earlier.endsAt()).as("sessions of one alert never overlap").isBeforeOrEqualTo(later.startsAt());
            }
        });
    }

    private static void assertStructure(Session session) {
        if (session.endsAt() != null) {
            assertThat(session.endsAt()).isAfterOrEqualTo(session.startsAt());
        }
        switch (session.state()) {
            case OPEN -> assertThat(session.endsAt()).isNull();
            case CLOSING -> assertThat(session.finalizeAfter()).isNotNull();
            case FINAL -> {
                assertThat(session.endsAt()).isNotNull();
                assertThat(session.closeReason()).isNotNull();
            }
        }
    }

    private static void assertOneLivePerFingerprint(List<Session> sessions) {
        Map<String, Long> live = new HashMap<>();
        sessions.stream().filter(Session::isLive).forEach(session -> live.merge(session.fingerprint(), 1L, Long::sum));
        assertThat(live.values()).allMatch(count -> count == 1);
    }

    /**
     * The usage_session table in memory: each drain loads what SessionStore.sessionsFor loads (per notification the
     * session that started last at or before it and the one that continued as it; per fingerprint the live and the
     * latest session), applies the notifications and writes back what changed.
     */
    private static final class StoredSessions {

        private final Map<SessionKey, Session> rows = new HashMap<>();
        private final SessionStateMachine machine = new SessionStateMachine(GRACE);
        private long nextId = 1;

        void applyInDrains(List<AlertNotification> notifications, int drainSize) {
            for (int from = 0; from < notifications.size(); from += drainSize) {
                drain(notifications.subList(from, Math.min(notifications.size(), from + drainSize)));
            }
        }

        private void drain(List<AlertNotification> notifications) {
            SessionLedger ledger = new SessionLedger();
            Map<SessionKey, Session> loaded = new HashMap<>();
            for (AlertNotification notification : notifications) {
                String fingerprint = notification.fingerprint();
                rows.values().stream().filter(row -> row.fingerprint().equals(fingerprint)
                        && (row.isLive() || notification.startsAt().equals(row.currentStartsAt())))
                        .forEach(row -> loaded.put(row.key(), row));
                rows.values().stream().filter(row -> row.fingerprint().equals(fingerprint)
                        && !row.startsAt().isAfter(notification.startsAt()))
                        .max(Comparator.comparing(Session::startsAt)).ifPresent(row -> loaded.put(row.key(), row));
                rows.values().stream().filter(row -> row.fingerprint().equals(fingerprint))
                        .max(Comparator.comparing(Session::startsAt)).ifPresent(row -> loaded.put(row.key(), row));
            }
            loaded.values().forEach(row -> ledger.load(copy(row, row.id())));
            notifications.forEach(notification -> machine.apply(notification, ledger));
            ledger.changed().forEach(session -> rows.put(session.key(), session));
            ledger.created().forEach(session -> rows.put(session.key(), copy(session, nextId++)));
        }

        List<Session> sessions() {
            return List.copyOf(rows.values());
        }

        /** What a replay must not change: state, end and reason of every session. */
        Map<SessionKey, String> snapshot() {
            Map<SessionKey, String> snapshot = new HashMap<>();
            rows.forEach((key, session) -> snapshot.put(key, session.state() + " " + session.endsAt() + " "
                    + session.closeReason() + " " + session.finalizeAfter() + " " + session.currentStartsAt()));
            return snapshot;
        }

        private static Session copy(Session session, Long id) {
            return new Session(id, session.key(), session.alertName(), session.labels(), session.state(),
                    session.closeReason(), session.endsAt(), session.finalizeAfter(), session.lastSeenAt(),
                    session.currentStartsAt(), session.duplicates(), session.lateDuplicates());
        }
    }
}
