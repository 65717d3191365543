package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void percentilesByNearestRank() {
        Stats stats = Stats.of(IntStream.rangeClosed(1, 200).mapToDouble(i -> 201 - i).toArray());

        assertThat(stats).isEqualTo(new Stats(100.5, 1, 200, 180, 190, 198, 200));
    }

    @Test
    void oneSampleIsEveryStatistic() {
        assertThat(Stats.of(new double[] {7})).isEqualTo(new Stats(7, 7, 7, 7, 7, 7, 7));
    }
}
