package org.aitelemetry.prometheus.dcgm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DcgmBlankTest {

    @Test
    void sentinelsAreBlank() {
        assertThat(DcgmBlank.isBlank(2147483632.0)).isTrue();
        assertThat(DcgmBlank.isBlank(2147483647.0)).isTrue();
        assertThat(DcgmBlank.isBlank(9223372036854775794.0)).isTrue();
        assertThat(DcgmBlank.isBlank(140737488355328.0)).isTrue();
        assertThat(DcgmBlank.isBlank(Double.NaN)).isTrue();
    }

    @Test
    void realReadingsAreNot() {
        assertThat(DcgmBlank.isBlank(0)).isFalse();
        assertThat(DcgmBlank.isBlank(99.0)).isFalse();
        assertThat(DcgmBlank.isBlank(699.5)).isFalse();
        // An energy counter of a busy GPU passes 2^31 mJ within the hour and keeps counting.
        assertThat(DcgmBlank.isBlank(5_000_000_000.0)).isFalse();
        assertThat(DcgmBlank.isBlank(2147483600.0)).isFalse();
    }

    /** A query keeps what its bound admits: every blank of the type must fall outside, the largest readings inside. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            INT32 | 2147483632          | 2147483631
            FP64  | 140737488355328     | 140737488355327
            INT64 | 9223372036854775794 | 9223372036854773760
            """)
    void promqlBoundsDropEveryBlankOfTheirTypeAndKeepReadingsBelowIt(String type, double firstBlank,
            double largestReading) {
        String comparison = switch (type) {
            case "INT32" -> DcgmBlank.BELOW_INT32_BLANK;
            case "FP64" -> DcgmBlank.BELOW_FP64_BLANK;
            default -> DcgmBlank.BELOW_INT64_BLANK;
        };
        double bound = Double.parseDouble(comparison.replace(" < ", ""));

        assertThat(DcgmBlank.isBlank(firstBlank)).isTrue();
        assertThat(firstBlank < bound).isFalse();
        assertThat(largestReading < bound).isTrue();
    }
}
