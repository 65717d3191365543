package org.aitelemetry.worker.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HourLedgerTest {

    private static final Instant HOUR = Instant.parse("2026-03-02T07:00:00Z");
    private static final Instant NOW = Instant.parse("2026-03-05T10:07:00Z");

    @ParameterizedTest(name = "after {0} failures: {1}")
    @CsvSource({"1, PT10M", "2, PT20M", "3, PT40M", "5, PT2H40M", "6, PT5H20M", "7, PT6H", "40, PT6H",
        "2147483647, PT6H"})
    void theRetryDelayDoublesUpToSixHours(int failures, Duration delay) {
        assertThat(HourLedger.delay(failures)).isEqualTo(delay);
    }

    @Test
    void anIncompleteHourWaitsOutItsDelayThenIsTakenAgain() {
        HourLedger ledger = new HourLedger();

        ledger.incomplete(HOUR, NOW);
        assertThat(ledger.waiting(HOUR, NOW.plus(Duration.ofMinutes(9)))).isTrue();
        assertThat(ledger.waiting(HOUR, NOW.plus(Duration.ofMinutes(10)))).isFalse();

        Instant retried = NOW.plus(Duration.ofMinutes(10));
        ledger.incomplete(HOUR, retried);
        assertThat(ledger.waiting(HOUR, retried.plus(Duration.ofMinutes(19)))).isTrue();
        assertThat(ledger.waiting(HOUR, retried.plus(Duration.ofMinutes(20)))).isFalse();
    }

    @Test
    void aCompletedHourNoLongerWaits() {
        HourLedger ledger = new HourLedger();
        ledger.incomplete(HOUR, NOW);

        ledger.completed(HOUR);

        assertThat(ledger.waiting(HOUR, NOW)).isFalse();
    }

    @Test
    void hoursBeyondTheHorizonAreForgotten() {
        HourLedger ledger = new HourLedger();
        Instant later = HOUR.plus(Duration.ofHours(2));
        ledger.incomplete(HOUR, NOW);
        ledger.incomplete(later, NOW);

        ledger.forgetBefore(later);

        assertThat(ledger.waiting(HOUR, NOW)).isFalse();
        assertThat(ledger.waiting(later, NOW)).isTrue();
    }
}
