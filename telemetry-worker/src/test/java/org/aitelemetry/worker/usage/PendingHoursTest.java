package org.aitelemetry.worker.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PendingHoursTest {

    private static final Instant NOW = Instant.parse("2026-03-02T10:07:00Z");

    @Test
    void everyCompletedHourOfTheCatchUpSpanWhenNothingIsRolledUp() {
        assertThat(PendingHours.of(NOW, Duration.ofHours(3), Set.of())).containsExactly(
                Instant.parse("2026-03-02T07:00:00Z"), Instant.parse("2026-03-02T08:00:00Z"),
                Instant.parse("2026-03-02T09:00:00Z"));
    }

    @Test
    void rolledUpHoursAreSkippedButTheLastCompletedOneIsAlwaysRecomputed() {
        Set<Instant> done = Set.of(Instant.parse("2026-03-02T07:00:00Z"), Instant.parse("2026-03-02T09:00:00Z"));

        assertThat(PendingHours.of(NOW, Duration.ofHours(3), done)).containsExactly(
                Instant.parse("2026-03-02T08:00:00Z"), Instant.parse("2026-03-02T09:00:00Z"));
    }

    @Test
    void theCurrentHourIsNeverPending() {
        assertThat(PendingHours.of(Instant.parse("2026-03-02T10:00:00Z"), Duration.ofHours(1), Set.of()))
                .containsExactly(Instant.parse("2026-03-02T09:00:00Z"));
    }
}
