package org.aitelemetry.worker.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.aitelemetry.model.usage.CloseReason;
import org.aitelemetry.model.usage.SessionState;
import org.junit.jupiter.api.Test;

class SessionStateMachineTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Duration GRACE = Duration.ofMinutes(15);

    private final SessionStateMachine machine = new SessionStateMachine(GRACE);
    private final Notifications notifications = new Notifications();
    private final SessionLedger ledger = new SessionLedger();

    @Test
    void firingOpensAndRepeatsAreDuplicates() {
        for (int i = 0; i < 10; i++) {
            machine.apply(notifications.firing("a", T0, T0.plusSeconds(i)), ledger);
        }

        assertThat(ledger.created()).singleElement().satisfies(session -> {
            assertThat(session.state()).isEqualTo(SessionState.OPEN);
            assertThat(session.duplicates()).isEqualTo(9);
            assertThat(session.lastSeenAt()).isEqualTo(T0.plusSeconds(9));
        });
        assertThat(ledger.duplicates()).isEqualTo(9);
        assertThat(types()).containsExactly(Transition.Type.OPENED);
    }

    @Test
    void resolveClosesAfterTheGracePeriodCountedFromItsArrival() {
        machine.apply(notifications.firing("a", T0, T0), ledger);
        machine.apply(notifications.resolved("a", T0, T0.plusSeconds(600), T0.plusSeconds(630)), ledger);

        Session session = ledger.created().get(0);
        assertThat(session.state()).isEqualTo(SessionState.CLOSING);
        assertThat(session.endsAt()).isEqualTo(T0.plusSeconds(600));
        assertThat(session.finalizeAfter()).isEqualTo(T0.plusSeconds(630).plus(GRACE));
    }

    @Test
    void firingAgainInsideTheGraceWindowCancelsTheClose() {
        machine.apply(notifications.firing("a", T0, T0), ledger);
        machine.apply(notifications.resolved("a", T0, T0.plusSeconds(240), T0.plusSeconds(240)), ledger);
        machine.apply(notifications.firing("a", T0, T0.plusSeconds(300)), ledger);

        assertThat(ledger.created()).singleElement().satisfies(session -> {
            assertThat(session.state()).isEqualTo(SessionState.OPEN);
            assertThat(session.endsAt()).isNull();
            assertThat(session.finalizeAfter()).isNull();
        });
        assertThat(types()).containsExactly(Transition.Type.OPENED, Transition.Type.CLOSING,
                Transition.Type.CLOSE_CANCELLED);
    }

    @Test
    void resolvedBeforeFiringIsAClosedSessionThatTheFiringDoesNotReopen() {
        machine.apply(notifications.resolved("a", T0, T0.plusSeconds(60), T0.plusSeconds(61)), ledger);
        machine.apply(notifications.firing("a", T0, T0.plusSeconds(62)), ledger);

        assertThat(ledger.created()).singleElement().satisfies(session -> {
            assertThat(session.state()).isEqualTo(SessionState.FINAL);
            assertThat(session.closeReason()).isEqualTo(CloseReason.RESOLVED);
            assertThat(session.endsAt()).isEqualTo(T0.plusSeconds(60));
            assertThat(session.lateDuplicates()).isEqualTo(1);
        });
    }

    /** Found by SessionStateMachineFuzzTest: the sender's clock runs ahead within the skew the webhook allows. */
    @Test
    void aResolveWithoutEndThatArrivesBeforeItsStartNeverEndsBeforeIt() {
        Instant start = T0.plusSeconds(120);
        machine.apply(notifications.firing("a", start, T0), ledger);
        machine.apply(notifications.resolved("a", start, null, T0.plusSeconds(60)), ledger);

        assertThat(ledger.created()).singleElement().satisfies(session -> {
            assertThat(session.state()).isEqualTo(SessionState.CLOSING);
            assertThat(session.endsAt()).isEqualTo(start);
        });
    }

    /** Found by SessionStateMachineFuzzTest: a resolve without end arrives after the alert's next instance began. */
    @Test
    void aGuessedEndIsCutAtTheNextInstancesStart() {
        Instant next = T0.plusSeconds(600);
        machine.apply(notifications.resolved("a", T0, null, T0.plusSeconds(900)), ledger);
        machine.apply(notifications.firing("a", next, T0.plusSeconds(901)), ledger);

        assertThat(ledger.created()).hasSize(2).first().satisfies(session -> {
            assertThat(session.state()).isEqualTo(SessionState.FINAL);
            assertThat(session.closeReason()).isEqualTo(CloseReason.RESOLVED);
            assertThat(session.endsAt()).isEqualTo(next);
        });
    }

    @Test
    void newerStartSupersedesTheOpenSessionWithoutOverlap() {
        machine.apply(notifications.firing("a", T0, T0), ledger);
        Instant restart = T0.plusSeconds(3600);
        machine.apply(notifications.firing("a", restart, restart), ledger);

        List<Session> sessions = ledger.created();
        assertThat(sessions).hasSize(2);
        assertThat(sessions.get(0).state()).isEqualTo(SessionState.FINAL);
        assertThat(sessions.get(0).closeReason()).isEqualTo(CloseReason.SUPERSEDED);
        assertThat(sessions.get(0).endsAt()).isEqualTo(restart);
        assertThat(sessions.get(1).state()).isEqualTo(SessionState.OPEN);
        assertThat(sessions.get(1).startsAt()).isEqualTo(restart);
    }

    @Test
    void aClosingSessionThatEndedBeforeTheNewStartKeepsItsOwnEnd() {
        machine.apply(notifications.firing("a", T0, T0), ledger);
        machine.apply(notifications.resolved("a", T0, T0.plusSeconds(100), T0.plusSeconds(100)), ledger);
        Instant afterGrace = T0.plusSeconds(100).plus(GRACE).plusSeconds(1);
        machine.apply(notifications.firing("a", afterGrace, afterGrace), ledger);

        Session first = ledger.created().get(0);
        assertThat(first.state()).isEqualTo(SessionState.FINAL);
        assertThat(first.closeReason()).isEqualTo(CloseReason.RESOLVED);
        assertThat(first.endsAt()).isEqualTo(T0.plusSeconds(100));
    }

    @Test
    void aLateFiringOfAnOlderStartEndsWhereTheNextSessionBegan() {
        Instant restart = T0.plusSeconds(3600);
        machine.apply(notifications.firing("a", restart, restart), ledger);
        machine.apply(notifications.firing("a", T0, restart.plusSeconds(5)), ledger);

        Session late = ledger.created().get(1);
        assertThat(late.state()).isEqualTo(SessionState.FINAL);
        assertThat(late.closeReason()).isEqualTo(CloseReason.SUPERSEDED);
        assertThat(late.endsAt()).isEqualTo(restart);
        assertThat(ledger.created().get(0).state()).isEqualTo(SessionState.OPEN);
    }

    @Test
    void anAlertBackWithANewStartInsideTheGracePeriodContinuesItsSession() {
        machine.apply(notifications.firing("a", T0, T0), ledger);
        Instant falseEnd = T0.plusSeconds(3600);
        machine.apply(notifications.resolved("a", T0, falseEnd, falseEnd), ledger);
        Instant back = falseEnd.plusSeconds(300);
        machine.apply(notifications.firing("a", back, back), ledger);
        machine.apply(notifications.resolved("a", T0, falseEnd, back.plusSeconds(10)), ledger);
        machine.apply(notifications.resolved("a", back, back.plusSeconds(600), back.plusSeconds(600)), ledger);

        assertThat(ledger.created()).singleElement().satisfies(session -> {
            assertThat(session.startsAt()).isEqualTo(T0);
            assertThat(session.following()).isEqualTo(back);
            assertThat(session.state()).isEqualTo(SessionState.CLOSING);
            assertThat(session.endsAt()).as("the real end, not the false one").isEqualTo(back.plusSeconds(600));
            assertThat(session.duplicates()).as("the old resolve re-sent changed nothing").isEqualTo(1);
        });
    }

    @Test
    void anAlertBackAfterTheGracePeriodIsANewSession() {
        machine.apply(notifications.firing("a", T0, T0), ledger);
        machine.apply(notifications.resolved("a", T0, T0.plusSeconds(60), T0.plusSeconds(60)), ledger);
        Instant back = T0.plusSeconds(60).plus(GRACE).plusSeconds(1);
        machine.apply(notifications.firing("a", back, back), ledger);

        assertThat(ledger.created()).hasSize(2);
        assertThat(ledger.created().get(0).closeReason()).isEqualTo(CloseReason.RESOLVED);
        assertThat(ledger.created().get(0).endsAt()).isEqualTo(T0.plusSeconds(60));
    }

    @Test
    void loadedSessionsAreChangedInPlaceNotCreated() {
        Session stored = new Session(7L, new SessionKey("a", T0), "GpuInUse", java.util.Map.of(), SessionState.OPEN,
                null, null, null, T0, null, 0, 0);
        ledger.load(stored);

        machine.apply(notifications.resolved("a", T0, T0.plusSeconds(60), T0.plusSeconds(60)), ledger);

        assertThat(ledger.created()).isEmpty();
        assertThat(ledger.changed()).containsExactly(stored);
        assertThat(stored.state()).isEqualTo(SessionState.CLOSING);
    }

    private List<Transition.Type> types() {
        return ledger.transitions().stream().map(Transition::type).toList();
    }
}
