package org.aitelemetry.worker.span;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;

/**
 * Trace and span ids derived from a session's key (contracts.md §3): every export of the same session lands on the
 * same ids, so a re-export after a crash is harmless (Tempo keeps the first copy).
 */
public final class SpanIds {

    /** Name of the span of a final session. */
    public static final String USAGE_SPAN = "gpu.usage";
    /** Name of the optional zero-length span at open. */
    public static final String START_SPAN = "gpu.usage.start";

    private SpanIds() {
    }

    /** First 16 bytes of SHA-256({@code fingerprint|startsAt}), as 32 hex digits. */
    public static String traceId(String fingerprint, Instant startsAt) {
        return digest(fingerprint + "|" + startsAt, 16);
    }

    /** First 8 bytes of SHA-256({@code fingerprint|startsAt|span}), as 16 hex digits. */
    public static String spanId(String fingerprint, Instant startsAt, String spanName) {
        return digest(fingerprint + "|" + startsAt + "|" + spanName, 8);
    }

    private static String digest(String key, int bytes) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
