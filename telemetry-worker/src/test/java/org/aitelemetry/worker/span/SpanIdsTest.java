package org.aitelemetry.worker.span;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The ids are the documented digests of the session's key (contracts.md §3), computed here independently. */
class SpanIdsTest {

    private static final String FINGERPRINT = "a1b2c3d4e5f60718";
    private static final Instant STARTS_AT = Instant.parse("2026-03-14T15:09:26.535897Z");

    @Test
    void traceIdIsTheFirst16BytesOfSha256OfFingerprintAndStart() throws Exception {
        String expected = firstBytesOfSha256("a1b2c3d4e5f60718|2026-03-14T15:09:26.535897Z", 16);

        assertThat(SpanIds.traceId(FINGERPRINT, STARTS_AT)).isEqualTo(expected)
                // Computed outside the JVM: printf '%s' 'a1b2…|2026-…Z' | sha256sum
                .isEqualTo("1044e301cdf796d7f7fa3ed269500ed5");
    }

    @Test
    void spanIdIsTheFirst8BytesOfSha256OfFingerprintStartAndSpanName() throws Exception {
        assertThat(SpanIds.spanId(FINGERPRINT, STARTS_AT, SpanIds.USAGE_SPAN))
                .isEqualTo(firstBytesOfSha256("a1b2c3d4e5f60718|2026-03-14T15:09:26.535897Z|gpu.usage", 8))
                .isEqualTo("89b1dd63c08f9d66");
        assertThat(SpanIds.spanId(FINGERPRINT, STARTS_AT, SpanIds.START_SPAN))
                .isEqualTo(firstBytesOfSha256("a1b2c3d4e5f60718|2026-03-14T15:09:26.535897Z|gpu.usage.start", 8))
                .isEqualTo("93de9972407f6afe");
    }

    @Test
    void idsAreStableAcrossCallsAndDifferBySpanNameAndKey() {
        String trace = SpanIds.traceId(FINGERPRINT, STARTS_AT);
        String usage = SpanIds.spanId(FINGERPRINT, STARTS_AT, SpanIds.USAGE_SPAN);

        assertThat(SpanIds.traceId(FINGERPRINT, STARTS_AT)).isEqualTo(trace).hasSize(32);
        assertThat(SpanIds.spanId(FINGERPRINT, STARTS_AT, SpanIds.USAGE_SPAN)).isEqualTo(usage).hasSize(16);
        assertThat(SpanIds.spanId(FINGERPRINT, STARTS_AT, SpanIds.START_SPAN)).isNotEqualTo(usage);
        assertThat(SpanIds.traceId(FINGERPRINT, STARTS_AT.plusNanos(1000))).isNotEqualTo(trace);
        assertThat(SpanIds.traceId("a1b2c3d4e5f60719", STARTS_AT)).isNotEqualTo(trace);
    }

    private static String firstBytesOfSha256(String key, int bytes) throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest, 0, bytes);
    }
}
