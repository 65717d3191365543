package org.aitelemetry.worker.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.aitelemetry.worker.json.JsonFuzz;
import org.aitelemetry.worker.pipeline.AlertStatus;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenario 16 for the webhook parser: the real Alertmanager 0.25 bodies mutated by {@link JsonFuzz} (bytes
 * flipped, cut, spliced, members duplicated, values swapped for other types, deep nesting, huge numbers, NUL and
 * surrogates) for a bounded number of seeded cases. Every input either parses into a batch whose alerts can become
 * sessions (inside the time window, the others set aside with a reason) or is refused with
 * {@link MalformedWebhookException}, the one exception the endpoint turns into its 400; nothing else escapes, which
 * would be a 500. A failure names its seed and input.
 */
class WebhookParserFuzzTest {

    private static final long SEED = 20261121L;
    private static final int CASES = 10_000;

    /** The fixtures' alerts were sent on 2026-11-21. */
    private static final Instant NOW = Instant.parse("2026-11-22T00:00:00Z");
    private static final Duration MAX_AGE = Duration.ofDays(730);

    private final WebhookParser parser = new WebhookParser(new AlertTimeWindow(MAX_AGE, Duration.ofMinutes(5)));

    @Test
    void mutatedBodiesParseOrAreRefusedWithAReason() throws IOException {
        List<byte[]> seeds = List.of(fixture("alertmanager-0.25-firing.json"), fixture("alertmanager-0.25-resolved.json"));
        int[] outcomes = new int[2];
        new JsonFuzz(SEED).run(seeds, CASES, input -> {
            try {
                WebhookBatch batch = parser.parse(input, NOW);
                batch.alerts().forEach(WebhookParserFuzzTest::assertUsable);
                batch.refused().forEach(alert -> assertThat(alert.reason()).isNotBlank());
                outcomes[0]++;
            } catch (MalformedWebhookException e) {
                assertThat(e.getMessage()).isNotBlank();
                outcomes[1]++;
            }
        });
        assertThat(outcomes[0]).as("some mutations keep the body valid").isPositive();
        assertThat(outcomes[1]).as("most mutations break it").isPositive();
    }

    private static void assertUsable(WebhookAlert alert) {
        assertThat(alert.fingerprint()).isNotEmpty().hasSizeLessThanOrEqualTo(64);
        assertThat(alert.startsAt()).isBetween(NOW.minus(MAX_AGE), NOW.plus(Duration.ofMinutes(5)));
        if (alert.endsAt() != null) {
            assertThat(alert.endsAt()).isAfterOrEqualTo(alert.startsAt()).isBeforeOrEqualTo(NOW.plusSeconds(300));
            assertThat(alert.status()).isEqualTo(AlertStatus.RESOLVED);
        }
        assertThat(alert.labels()).isNotNull();
    }

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = WebhookParserFuzzTest.class.getResourceAsStream("/alertmanager/" + name)) {
            return in.readAllBytes();
        }
    }
}
