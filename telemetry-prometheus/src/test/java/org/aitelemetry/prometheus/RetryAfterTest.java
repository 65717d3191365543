package org.aitelemetry.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    static final Instant NOW = Instant.parse("2025-10-21T07:28:00Z");

    @Test
    void deltaSeconds() {
        assertThat(RetryAfter.parse("120", NOW)).contains(Duration.ofMinutes(2));
        assertThat(RetryAfter.parse(" 0 ", NOW)).contains(Duration.ZERO);
    }

    @Test
    void httpDateCountsFromNow() {
        assertThat(RetryAfter.parse("Tue, 21 Oct 2025 07:28:30 GMT", NOW)).contains(Duration.ofSeconds(30));
    }

    @Test
    void dateInThePastMeansNow() {
        assertThat(RetryAfter.parse("Tue, 21 Oct 2025 07:00:00 GMT", NOW)).contains(Duration.ZERO);
    }

    @Test
    void missingOrUnreadableHeaderIsIgnored() {
        assertThat(RetryAfter.parse(null, NOW)).isEmpty();
        assertThat(RetryAfter.parse("soon", NOW)).isEmpty();
        assertThat(RetryAfter.parse("-5", NOW)).isEmpty();
        assertThat(RetryAfter.parse("99999999999999999999", NOW)).isEmpty();
    }
}
