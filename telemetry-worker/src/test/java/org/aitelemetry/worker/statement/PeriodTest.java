package org.aitelemetry.worker.statement;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.aitelemetry.model.statement.StatementPeriod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PeriodTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            WEEK  | 2026-11-25T12:00:00Z | 2026-11-23T00:00:00Z | 2026-11-30T00:00:00Z | 2026-W48
            WEEK  | 2026-11-23T00:00:00Z | 2026-11-23T00:00:00Z | 2026-11-30T00:00:00Z | 2026-W48
            WEEK  | 2026-11-22T23:59:59Z | 2026-11-16T00:00:00Z | 2026-11-23T00:00:00Z | 2026-W47
            WEEK  | 2027-01-01T08:00:00Z | 2026-12-28T00:00:00Z | 2027-01-04T00:00:00Z | 2026-W53
            WEEK  | 2026-01-01T08:00:00Z | 2025-12-29T00:00:00Z | 2026-01-05T00:00:00Z | 2026-W01
            MONTH | 2026-11-25T12:00:00Z | 2026-11-01T00:00:00Z | 2026-12-01T00:00:00Z | 2026-11
            MONTH | 2026-12-31T23:59:59Z | 2026-12-01T00:00:00Z | 2027-01-01T00:00:00Z | 2026-12
            MONTH | 2028-02-29T10:00:00Z | 2028-02-01T00:00:00Z | 2028-03-01T00:00:00Z | 2028-02
            """)
    void isoWeeksAndCalendarMonthsInUtc(StatementPeriod kind, Instant instant, Instant start, Instant end,
            String code) {
        Period period = Period.containing(kind, instant);

        assertThat(period.start()).isEqualTo(start);
        assertThat(period.end()).isEqualTo(end);
        assertThat(period.code()).isEqualTo(code);
    }

    @Test
    void aPeriodIsDueOnceItEndedTheDelayAgoAndBackToTheHorizon() {
        Duration delay = Duration.ofHours(2);
        Duration horizon = Duration.ofDays(21);
        // Monday 01:59: last week ended less than two hours ago.
        List<Period> early = Period.due(StatementPeriod.WEEK, Instant.parse("2026-11-23T01:59:00Z"), delay, horizon);
        List<Period> onTime = Period.due(StatementPeriod.WEEK, Instant.parse("2026-11-23T02:00:00Z"), delay, horizon);

        assertThat(early).extracting(Period::code).containsExactly("2026-W45", "2026-W46");
        assertThat(onTime).extracting(Period::code).containsExactly("2026-W45", "2026-W46", "2026-W47");
        assertThat(Period.due(StatementPeriod.MONTH, Instant.parse("2026-11-25T12:00:00Z"), delay, Duration.ofDays(42)))
                .extracting(Period::code).containsExactly("2026-10");
    }
}
