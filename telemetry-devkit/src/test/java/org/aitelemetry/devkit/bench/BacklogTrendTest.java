package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.devkit.bench.BacklogTrend.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The ingest benchmark calls a run "met" only when sessions keep up: a growing backlog fails it at any accept rate. */
class BacklogTrendTest {

    @ParameterizedTest(name = "accepted {0}/s, processed {1}/s, jitter {2} -> growing {3}")
    @CsvSource({
            "20000, 20000, 0, false", // keeps up exactly
            "20000, 20000, 3000, false", // keeps up; the backlog jitters between samples
            "20000, 19900, 0, false", // 100/s behind: within 1 % of the rate, sampling noise
            "20000, 19000, 0, true", // 1,000/s behind: grows
            "32000, 3000, 0, true", // the closed loop of issue 24: accepted fast, processed slowly
            "500, 485, 0, false", // 15/s behind at a low rate: under the floor
            "500, 400, 0, true",
    })
    void aBacklogGrowsOnlyWhenProcessingFallsBehindByMoreThanNoise(long accepted, long processed, long jitter,
            boolean growing) {
        BacklogTrend trend = BacklogTrend.of(run(accepted, processed, jitter));

        assertThat(trend.acceptedPerSecond()).isCloseTo(accepted, within(1.0));
        assertThat(trend.growing()).isEqualTo(growing);
    }

    @Test
    void ratesComeFromTheFirstAndLastSamplesAndTheSlopeFromAll() {
        BacklogTrend trend = BacklogTrend.of(List.of(new Sample(0, 1_000, 100), new Sample(5, 101_000, 600),
                new Sample(10, 201_000, 1_100)));

        assertThat(trend.acceptedPerSecond()).isEqualTo(20_000.0);
        assertThat(trend.processedPerSecond()).isEqualTo(19_900.0);
        assertThat(trend.backlogSlopePerSecond()).isCloseTo(100.0, within(1e-9));
        assertThat(trend.backlogAtStart()).isEqualTo(100);
        assertThat(trend.backlogAtEnd()).isEqualTo(1_100);
    }

    @Test
    void oneSampleIsNoTrend() {
        assertThatThrownBy(() -> BacklogTrend.of(List.of(new Sample(0, 1, 0))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** A minute sampled every 5 s; odd samples carry a backlog {@code jitter} higher than the trend. */
    private static List<Sample> run(long accepted, long processed, long jitter) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i <= 12; i++) {
            double seconds = i * 5.0;
            long stored = Math.round(accepted * seconds);
            long pending = 5_000 + Math.round((accepted - processed) * seconds) + (i % 2 == 1 ? jitter : 0);
            samples.add(new Sample(seconds, stored, pending));
        }
        return samples;
    }
}
