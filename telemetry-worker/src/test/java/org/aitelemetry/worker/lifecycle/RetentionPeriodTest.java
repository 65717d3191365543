package org.aitelemetry.worker.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RetentionPeriodTest {

    private static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "none", textBlock = """
            off       | none
            OFF       | none
            30d       | 2026-10-26T12:00:00Z
            90d       | 2026-08-27T12:00:00Z
            13months  | 2025-10-25T12:00:00Z
            ' 1d '    | 2026-11-24T12:00:00Z
            """)
    void spellingsGiveTheirCutoff(String setting, Instant cutoff) {
        assertThat(RetentionPeriod.parse(setting).cutoff(NOW).orElse(null)).isEqualTo(cutoff);
    }

    @ParameterizedTest(name = "{0} keeps {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            off      | P3650D | true
            42d      | P42D   | true
            41d      | P42D   | false
            2months  | P42D   | true
            1months  | P35D   | false
            """)
    void keepsWhatIsNoOlderThanItsCutoff(String setting, Duration span, boolean kept) {
        assertThat(RetentionPeriod.parse(setting).keeps(span, NOW)).isEqualTo(kept);
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', textBlock = """
            30
            0d
            -5d
            13m
            1y
            P30D
            ''
            forever
            """)
    void otherSpellingsAreRefusedWithTheirReason(String setting) {
        assertThatThrownBy(() -> RetentionPeriod.parse(setting)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + setting + "'").hasMessageContaining("'<days>d' or '<months>months'");
    }

    @ParameterizedTest(name = "{0} by {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            usage_rollup_202609 | 2026-10-01T00:00:00Z | true
            usage_rollup_202609 | 2026-09-30T23:59:59Z | false
            usage_rollup_202610 | 2026-10-26T12:00:00Z | false
            """)
    void aPartitionGoesOnlyWhenItsWholeMonthIsBeforeTheCutoff(String name, Instant cutoff, boolean goes) {
        MonthPartition partition = MonthPartition.of("usage_rollup", name, 0, false).orElseThrow();
        assertThat(partition.endsBy(cutoff)).isEqualTo(goes);
    }

    @ParameterizedTest(name = "{1} of {0}")
    @CsvSource(delimiter = '|', textBlock = """
            usage_rollup | usage_rollup_daily_202609
            usage_rollup | usage_rollup_2026
            usage_rollup | other_202609
            """)
    void tablesThatAreNotMonthsOfTheParentAreNeverTouched(String parent, String name) {
        assertThat(MonthPartition.of(parent, name, 0, false)).isEmpty();
    }

    @Test
    void aMonthIsReadFromItsName() {
        assertThat(MonthPartition.of("alert_batch", "alert_batch_202602", 7, true).orElseThrow())
                .isEqualTo(new MonthPartition("alert_batch_202602", YearMonth.of(2026, 2), 7, true));
    }
}
