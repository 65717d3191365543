package org.aitelemetry.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.aitelemetry.prometheus.RangeSplitter.Window;
import org.junit.jupiter.api.Test;

class RangeSplitterTest {

    static final Instant START = Instant.parse("2025-10-01T00:00:00Z");

    @Test
    void stepIsKeptWhenTheRangeHasFewEnoughPoints() {
        assertThat(RangeSplitter.effectiveStep(START, START.plus(Duration.ofDays(7)), Duration.ofMinutes(1)))
                .isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void stepIsRaisedToAtMost11000Points() {
        Instant end = START.plus(Duration.ofDays(30));

        Duration step = RangeSplitter.effectiveStep(START, end, Duration.ofSeconds(15));

        assertThat(step).isEqualTo(Duration.ofMillis(235_637));
        assertThat(Duration.between(START, end).dividedBy(step)).isLessThanOrEqualTo(RangeSplitter.MAX_POINTS);
    }

    @Test
    void dayOrLessIsOneWindow() {
        assertThat(RangeSplitter.windows(START, START.plus(Duration.ofHours(24)), Duration.ofMinutes(1)))
                .containsExactly(new Window(START, START.plus(Duration.ofHours(24))));
        assertThat(RangeSplitter.windows(START, START, Duration.ofMinutes(1)))
                .containsExactly(new Window(START, START));
    }

    @Test
    void longRangeBecomesDayWindowsOnOneStepGrid() {
        Instant end = START.plus(Duration.ofHours(50)).plusSeconds(30);
        Duration step = Duration.ofMinutes(1);

        List<Window> windows = RangeSplitter.windows(START, end, step);

        assertThat(windows).containsExactly(
                new Window(START, START.plus(Duration.ofHours(24))),
                new Window(START.plus(Duration.ofHours(24)).plus(step), START.plus(Duration.ofHours(48)).plus(step)),
                new Window(START.plus(Duration.ofHours(48)).plus(step.multipliedBy(2)), end));
        assertThat(windows).allSatisfy(window -> assertThat(Duration.between(window.start(), window.end()))
                .isLessThanOrEqualTo(RangeSplitter.MAX_WINDOW));
    }

    @Test
    void stepLongerThanADayGivesOnePointPerWindow() {
        assertThat(RangeSplitter.windows(START, START.plus(Duration.ofDays(4)), Duration.ofDays(2)))
                .extracting(Window::start)
                .containsExactly(START, START.plus(Duration.ofDays(2)), START.plus(Duration.ofDays(4)));
    }

    @Test
    void mergeJoinsSeriesByLabelsAndKeepsEveryWarning() {
        Map<String, String> gpu0 = Map.of("gpu", "0");
        Map<String, String> gpu1 = Map.of("gpu", "1");
        QueryResult first = new QueryResult("matrix", List.of(series(gpu0, 0, 1)), List.of());
        QueryResult second = new QueryResult("matrix", List.of(series(gpu1, 120, 3), series(gpu0, 60, 2)),
                List.of("store eu-1 unavailable"));

        QueryResult merged = RangeSplitter.merge(List.of(first, second));

        assertThat(merged.series()).containsExactly(
                new Series(gpu0, List.of(sample(0, 1), sample(60, 2))),
                new Series(gpu1, List.of(sample(120, 3))));
        assertThat(merged.incomplete()).isTrue();
    }

    private static Series series(Map<String, String> labels, long second, double value) {
        return new Series(labels, List.of(sample(second, value)));
    }

    private static Sample sample(long second, double value) {
        return new Sample(START.plusSeconds(second), value);
    }
}
