package org.aitelemetry.prometheus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SampleTextTest {

    /** The direct reading and the BigDecimal one give the same millisecond for every shape a time can take. */
    @ParameterizedTest
    @CsvSource({
            "1700000000.123, 1700000000123", "1700000000.5, 1700000000500", "1700000000.05, 1700000000050",
            "1700000000, 1700000000000", "0, 0", "0.001, 1", "1., 1000",
            // shapes Go does not write for a query's time but JSON allows: through BigDecimal, rounded half up
            "1.0005, 1001", "1.0004, 1000", "1.7e9, 1700000000000", "-1.5, -1500", "999999999999999.999, 999999999999999999",
            "1234567890123456, 1234567890123456000"})
    void readsSecondsAsMilliseconds(String seconds, long millis) {
        char[] padded = ("[" + seconds + ",").toCharArray();

        assertThat(SampleText.epochMillis(padded, 1, seconds.length())).isEqualTo(millis)
                .isEqualTo(new BigDecimal(seconds).movePointRight(3).setScale(0, RoundingMode.HALF_UP).longValueExact());
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e30", "9223372036854775.808", "x"})
    void aTimeThatIsNoMillisecondOnTheClockIsRefused(String seconds) {
        assertThatThrownBy(() -> SampleText.epochMillis(seconds.toCharArray(), 0, seconds.length()))
                .isInstanceOf(NumberFormatException.class);
    }

    @ParameterizedTest
    @CsvSource({"+Inf, Infinity", "Inf, Infinity", "-Inf, -Infinity", "NaN, NaN", "1e+06, 1000000", "-0.25, -0.25"})
    void readsValuesInPrometheusSpelling(String text, double value) {
        assertThat(Double.valueOf(SampleText.value(text))).isEqualTo(Double.valueOf(value));
    }
}
