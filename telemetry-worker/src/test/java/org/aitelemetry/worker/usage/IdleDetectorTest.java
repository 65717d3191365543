package org.aitelemetry.worker.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class IdleDetectorTest {

    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");
    private static final Duration STEP = Duration.ofMinutes(1);

    private final IdleDetector detector = new IdleDetector(5, Duration.ofMinutes(30), STEP);

    @Test
    void aQuietStretchAsLongAsTheWindowIsIdle() {
        NavigableMap<Instant, Reading> readings = readings(40, minute -> minute < 30 ? 0.02 : 0.5, "nlp");

        assertThat(detector.idlePoints(readings)).containsExactlyInAnyOrderElementsOf(minutes(0, 30));
    }

    @Test
    void aShorterQuietStretchIsNot() {
        NavigableMap<Instant, Reading> readings = readings(40, minute -> minute >= 5 && minute < 34 ? 0.0 : 0.9, "nlp");

        assertThat(detector.idlePoints(readings)).isEmpty();
    }

    @Test
    void theThresholdItselfIsNotQuiet() {
        assertThat(detector.idlePoints(readings(60, minute -> 0.05, "nlp"))).isEmpty();
        assertThat(detector.idlePoints(readings(60, minute -> 0.0499, "nlp"))).hasSize(60);
    }

    @Test
    void anUnallocatedGpuIsNeverIdleHoweverQuiet() {
        assertThat(detector.idlePoints(readings(60, minute -> 0.0))).isEmpty();
    }

    @Test
    void aMissingPointEndsAStretch() {
        NavigableMap<Instant, Reading> readings = readings(70, minute -> 0.0, "nlp");
        readings.remove(T0.plus(STEP.multipliedBy(25)));

        // 25 quiet minutes, a gap, then 44: only the second stretch is long enough.
        assertThat(detector.idlePoints(readings)).containsExactlyInAnyOrderElementsOf(minutes(26, 70));
    }

    @Test
    void aChangeOfHolderDoesNotEndAStretch() {
        NavigableMap<Instant, Reading> readings = readings(20, minute -> 0.0, "nlp");
        readings.putAll(readings(40, minute -> 0.0, "vision").tailMap(T0.plus(STEP.multipliedBy(20)), true));

        assertThat(detector.idlePoints(readings)).hasSize(40);
    }

    /** One reading per minute from T0, busy as given, held by the given namespaces. */
    private static NavigableMap<Instant, Reading> readings(int minutes, IntToDoubleFunction busy,
            String... holders) {
        NavigableMap<Instant, Reading> readings = new TreeMap<>();
        IntStream.range(0, minutes).forEach(minute -> readings.put(T0.plus(STEP.multipliedBy(minute)),
                new Reading(busy.applyAsDouble(minute), List.of(holders))));
        return readings;
    }

    private static List<Instant> minutes(int from, int to) {
        return IntStream.range(from, to).mapToObj(minute -> T0.plus(STEP.multipliedBy(minute))).toList();
    }
}
