package org.aitelemetry.worker.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class CounterIncreaseTest {

    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");

    @Test
    void increaseIsTheDeltaWhileTheCounterGrows() {
        assertThat(CounterIncrease.between(1_000, 1_750)).isEqualTo(750);
        assertThat(CounterIncrease.between(1_000, 1_000)).isZero();
    }

    @Test
    void afterADropTheNewValueIsTheIncreaseSinceTheRestart() {
        assertThat(CounterIncrease.between(9_000_000, 400)).isEqualTo(400);
        assertThat(CounterIncrease.between(9_000_000, 0)).isZero();
    }

    @Test
    void eachIntervalIsKeyedByItsStartAndTheLastPointHasNone() {
        NavigableMap<Instant, Double> counter = counter(100, 160, 250, 30, 90);

        NavigableMap<Instant, Double> increases = CounterIncrease.perInterval(counter);

        assertThat(increases).containsExactly(
                entry(0, 60.0), entry(1, 90.0), entry(2, 30.0), entry(3, 60.0));
        assertThat(increases.values().stream().mapToDouble(Double::doubleValue).sum()).isEqualTo(240);
    }

    @Test
    void aGapKeepsItsIncreaseOnThePointBeforeIt() {
        NavigableMap<Instant, Double> counter = new TreeMap<>();
        counter.put(T0, 10.0);
        counter.put(T0.plusSeconds(600), 70.0);

        assertThat(CounterIncrease.perInterval(counter)).containsExactly(Map.entry(T0, 60.0));
    }

    @Test
    void aSinglePointHasNoIncreaseYet() {
        assertThat(CounterIncrease.perInterval(counter(5))).isEmpty();
    }

    private static NavigableMap<Instant, Double> counter(double... values) {
        NavigableMap<Instant, Double> counter = new TreeMap<>();
        for (int i = 0; i < values.length; i++) {
            counter.put(T0.plusSeconds(60L * i), values[i]);
        }
        return counter;
    }

    private static Map.Entry<Instant, Double> entry(int minute, double value) {
        return Map.entry(T0.plusSeconds(60L * minute), value);
    }
}
