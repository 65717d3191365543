package org.aitelemetry.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    final RetryPolicy policy =
            new RetryPolicy(4, Duration.ofMillis(100), Duration.ofMillis(1_000), Duration.ofSeconds(30));

    @Test
    void attemptsAreBounded() {
        assertThat(policy.mayRetryAfter(3)).isTrue();
        assertThat(policy.mayRetryAfter(4)).isFalse();
    }

    @Test
    void backoffIsAJitteredPauseUnderADoublingCeiling() {
        RandomGenerator random = new SplittableRandom(7);
        for (int i = 0; i < 1_000; i++) {
            assertThat(policy.delayAfter(1, Optional.empty(), random)).isBetween(Duration.ZERO, Duration.ofMillis(100));
            assertThat(policy.delayAfter(3, Optional.empty(), random)).isBetween(Duration.ZERO, Duration.ofMillis(400));
            assertThat(policy.delayAfter(9, Optional.empty(), random)).isBetween(Duration.ZERO, Duration.ofSeconds(1));
        }
    }

    @Test
    void ceilingIsReached() {
        assertThat(policy.delayAfter(3, Optional.empty(), maximal())).isEqualTo(Duration.ofMillis(400));
        assertThat(policy.delayAfter(30, Optional.empty(), maximal())).isEqualTo(Duration.ofMillis(1_000));
    }

    @Test
    void retryAfterReplacesTheBackoffUpToItsCap() {
        assertThat(policy.delayAfter(1, Optional.of(Duration.ofSeconds(5)), maximal()))
                .isEqualTo(Duration.ofSeconds(5));
        assertThat(policy.delayAfter(1, Optional.of(Duration.ofHours(1)), maximal())).isEqualTo(Duration.ofSeconds(30));
    }

    /** Always draws the largest value allowed. */
    private static RandomGenerator maximal() {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                throw new UnsupportedOperationException();
            }

            @Override
            public long nextLong(long bound) {
                return bound - 1;
            }
        };
    }
}
