package org.aitelemetry.site.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimeWindowTest {

    @ParameterizedTest(name = "[{0}, {1}) holds the days [{2}, {3})")
    @CsvSource({
        "2026-10-01T00:00:00Z, 2026-10-03T00:00:00Z, 2026-10-01, 2026-10-03",
        "2026-10-01T00:00:01Z, 2026-10-03T00:00:00Z, 2026-10-02, 2026-10-03",
        "2026-10-01T12:00:00Z, 2026-10-03T11:59:59Z, 2026-10-02, 2026-10-03",
        "2026-10-01T12:00:00Z, 2026-10-01T18:00:00Z, 2026-10-02, 2026-10-01",
        "2026-12-31T23:00:00Z, 2027-01-02T00:00:00Z, 2027-01-01, 2027-01-02"})
    void wholeUtcDays(String from, String to, String first, String end) {
        TimeWindow window = new TimeWindow(Instant.parse(from), Instant.parse(to));

        assertThat(window.firstWholeDay()).isEqualTo(LocalDate.parse(first));
        assertThat(window.endOfWholeDays()).isEqualTo(LocalDate.parse(end));
    }

    @ParameterizedTest(name = "{1} up to the hour of {0}: [{2}, {3})")
    @CsvSource({
        "2026-11-25T19:02:41Z, PT24H, 2026-11-24T20:00:00Z, 2026-11-25T20:00:00Z",
        "2026-11-25T19:00:00Z, PT24H, 2026-11-24T20:00:00Z, 2026-11-25T20:00:00Z",
        "2026-11-25T19:59:59Z, P30D, 2026-10-26T20:00:00Z, 2026-11-25T20:00:00Z"})
    void hoursUpToTheEndOfTheCurrentHour(String now, String length, String from, String to) {
        TimeWindow window = TimeWindow.hoursUpTo(Instant.parse(now), Duration.parse(length));

        assertThat(window).isEqualTo(new TimeWindow(Instant.parse(from), Instant.parse(to)));
    }
}
