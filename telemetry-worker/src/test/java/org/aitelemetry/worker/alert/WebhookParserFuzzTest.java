package org.aitelemetry.worker.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenario 16 for the webhook parser: real Alertmanager bodies mutated at random (bytes flipped, cut,
 * spliced, fields duplicated, tokens swapped) for a bounded number of seeded rounds. Every input either parses into
 * a batch whose alerts can become sessions (inside the time window, the others set aside with a reason) or is refused
 * with {@link MalformedWebhookException}; nothing else escapes.
 */
class WebhookParserFuzzTest {

    private static final int ROUNDS = 20_000;
    private static final String[] TOKENS = {"{", "}", "[", "]", ",", ":", "\"", "null", "true", "1e999", "-0", "\\u0000",
        "\"firing\"", "\"resolved\"", "\"0001-01-01T00:00:00Z\"", "\"2026-13-45T99:00:00Z\"", "\"alerts\"", "\"labels\"",
        "\"startsAt\"", "\"endsAt\"", "\"fingerprint\"", "\"version\"", "\"5\"", "[[[[[[", "\uD800", "\u00e9"};

    /** The fixtures' alerts were sent on 2026-11-21. */
    private static final Instant NOW = Instant.parse("2026-11-22T00:00:00Z");
    private static final Duration MAX_AGE = Duration.ofDays(730);

    private final WebhookParser parser = new WebhookParser(new AlertTimeWindow(MAX_AGE, Duration.ofMinutes(5)));

    @Test
    void mutatedBodiesParseOrAreRefusedWithAReason() throws IOException {
        List<byte[]> seeds = List.of(fixture("alertmanager-0.25-firing.json"), fixture("alertmanager-0.25-resolved.json"));
        Random random = new Random(20261121);
        int parsed = 0;
        int refused = 0;
        for (int round = 0; round < ROUNDS; round++) {
            byte[] input = mutate(seeds.get(random.nextInt(seeds.size())), random);
            try {
                WebhookBatch batch = parser.parse(input, NOW);
                batch.alerts().forEach(WebhookParserFuzzTest::assertUsable);
                batch.refused().forEach(alert -> assertThat(alert.reason()).isNotBlank());
                parsed++;
            } catch (MalformedWebhookException e) {
                assertThat(e.getMessage()).isNotBlank();
                refused++;
            }
        }
        assertThat(parsed).as("some mutations keep the body valid").isPositive();
        assertThat(refused).as("most mutations break it").isPositive();
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

    private static byte[] mutate(byte[] seed, Random random) {
        List<Byte> bytes = new ArrayList<>(seed.length);
        for (byte b : seed) {
            bytes.add(b);
        }
        int mutations = 1 + random.nextInt(4);
        for (int i = 0; i < mutations && !bytes.isEmpty(); i++) {
            int at = random.nextInt(bytes.size());
            switch (random.nextInt(5)) {
                case 0 -> bytes.set(at, (byte) random.nextInt(256));
                case 1 -> bytes.subList(at, Math.min(bytes.size(), at + 1 + random.nextInt(40))).clear();
                case 2 -> insert(bytes, at, TOKENS[random.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8));
                case 3 -> {
                    int from = random.nextInt(bytes.size());
                    int length = Math.min(bytes.size() - from, 1 + random.nextInt(80));
                    insert(bytes, at, toArray(bytes.subList(from, from + length)));
                }
                default -> bytes.subList(at, bytes.size()).clear();
            }
        }
        return toArray(bytes);
    }

    private static void insert(List<Byte> bytes, int at, byte[] inserted) {
        List<Byte> boxed = new ArrayList<>(inserted.length);
        for (byte b : inserted) {
            boxed.add(b);
        }
        bytes.addAll(at, boxed);
    }

    private static byte[] toArray(List<Byte> bytes) {
        byte[] array = new byte[bytes.size()];
        for (int i = 0; i < array.length; i++) {
            array[i] = bytes.get(i);
        }
        return array;
    }

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = WebhookParserFuzzTest.class.getResourceAsStream("/alertmanager/" + name)) {
            return in.readAllBytes();
        }
    }
}
