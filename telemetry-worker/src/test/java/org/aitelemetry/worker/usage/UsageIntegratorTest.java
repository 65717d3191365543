package org.aitelemetry.worker.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class UsageIntegratorTest {

    private static final Instant HOUR = Instant.parse("2026-03-02T10:00:00Z");
    private static final Duration STEP = Duration.ofMinutes(1);
    private static final HourWindow WINDOW = HourWindow.of(HOUR, Duration.ofMinutes(30), STEP, HOUR.plusSeconds(7200));

    private final UsageIntegrator integrator = new UsageIntegrator(STEP);

    @Test
    void pointsTimesStepWithinTheHourOnly() {
        EntityUsage usage = integrator.integrate(new Timeline(1, readings(), energy()), WINDOW, minutes(0, 10));

        // 30 min held by nlp at 50 %, 15 min shared by nlp and vision at 100 %, 15 min unallocated at 20 %.
        assertThat(usage.observed()).isTrue();
        assertThat(usage.total()).isEqualTo(new Usage(45 * 60, 30 * 60 * 0.5 + 15 * 60, 10 * 60, 60 * 10));
        assertThat(usage.byNamespace().get("nlp"))
                .isEqualTo(new Usage(30 * 60 + 15 * 30, 30 * 60 * 0.5 + 15 * 30, 10 * 60, 30 * 10 + 15 * 5));
        assertThat(usage.byNamespace().get("vision")).isEqualTo(new Usage(15 * 30, 15 * 30, 0, 15 * 5));
        assertThat(usage.total().utilizationPercent()).isCloseTo(100 * 1800.0 / 2700, within(1e-9));
    }

    @Test
    void aSliceCountsAsItsShareOfAGpu() {
        EntityUsage usage = integrator.integrate(new Timeline(3.0 / 7, readings(), energy()), WINDOW, Set.of());

        assertThat(usage.total().allocatedGpuSeconds()).isCloseTo(45 * 60 * 3.0 / 7, within(1e-9));
        assertThat(usage.total().usedGpuSeconds()).isCloseTo(1800 * 3.0 / 7, within(1e-9));
        assertThat(usage.total().energyJoules()).isCloseTo(600, within(1e-9));
    }

    @Test
    void anEntityWithNoPointInTheHourIsNotObserved() {
        NavigableMap<Instant, Reading> later = new TreeMap<>();
        later.put(HOUR.plusSeconds(3600 + 60), new Reading(0.3, List.of("nlp")));

        EntityUsage usage = integrator.integrate(new Timeline(1, later, new TreeMap<>()), WINDOW, Set.of());

        assertThat(usage.observed()).isFalse();
        assertThat(usage.total()).isEqualTo(Usage.ZERO);
        assertThat(usage.total().utilizationPercent()).isNull();
    }

    /** Minutes −1 and 60 lie outside the hour and are held, so counting them would show. */
    private static NavigableMap<Instant, Reading> readings() {
        NavigableMap<Instant, Reading> readings = new TreeMap<>();
        for (int minute = -1; minute <= 60; minute++) {
            Reading reading = minute < 30 ? new Reading(0.5, List.of("nlp"))
                    : minute < 45 ? new Reading(1.0, List.of("nlp", "vision"))
                    : minute < 60 ? new Reading(0.2, List.of())
                    : new Reading(0.9, List.of("nlp"));
            readings.put(at(minute), reading);
        }
        return readings;
    }

    private static NavigableMap<Instant, Double> energy() {
        return IntStream.rangeClosed(-1, 60).boxed()
                .collect(Collectors.toMap(UsageIntegratorTest::at, minute -> 10.0, (a, b) -> a, TreeMap::new));
    }

    private static Set<Instant> minutes(int from, int to) {
        return IntStream.range(from, to).mapToObj(UsageIntegratorTest::at).collect(Collectors.toSet());
    }

    private static Instant at(int minute) {
        return HOUR.plus(STEP.multipliedBy(minute));
    }
}
