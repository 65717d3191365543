package org.aitelemetry.worker.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryBackoffTest {

    private final RetryBackoff backoff = new RetryBackoff(Duration.ofSeconds(2), Duration.ofMinutes(5));

    @Test
    void doublesFromTheBaseUpToTheCap() {
        assertThat(backoff.afterFailure(1, 0.999999)).isEqualTo(Duration.ofMillis(1999));
        assertThat(backoff.afterFailure(2, 0.999999)).isEqualTo(Duration.ofMillis(3999));
        assertThat(backoff.afterFailure(5, 0.999999)).isEqualTo(Duration.ofMillis(31_999));
        assertThat(backoff.afterFailure(9, 0.999999)).isEqualTo(Duration.ofMillis(299_999));
        assertThat(backoff.afterFailure(1_000, 0.999999)).isEqualTo(Duration.ofMillis(299_999));
    }

    @Test
    void jitterKeepsBetweenHalfAndAllOfTheDelay() {
        assertThat(backoff.afterFailure(1, 0)).isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.afterFailure(3, 0)).isEqualTo(Duration.ofSeconds(4));
        assertThat(backoff.afterFailure(3, 0.5)).isEqualTo(Duration.ofSeconds(6));
        for (int i = 0; i < 1_000; i++) {
            assertThat(backoff.afterFailure(4)).isBetween(Duration.ofSeconds(8), Duration.ofSeconds(16));
        }
    }

    @Test
    void delaysNeverShrinkBeforeTheCap() {
        for (int failures = 1; failures < 8; failures++) {
            assertThat(backoff.afterFailure(failures + 1, 0)).isGreaterThanOrEqualTo(backoff.afterFailure(failures, 0.999999));
        }
    }

    @Test
    void refusesNonsense() {
        assertThatThrownBy(() -> new RetryBackoff(Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetryBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> backoff.afterFailure(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
