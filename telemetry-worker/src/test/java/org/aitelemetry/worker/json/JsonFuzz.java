package org.aitelemetry.worker.json;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * A seeded, bounded mutation fuzzer for ingest bodies (acceptance scenario 16): real bodies changed at random by the
 * ways a broken or hostile sender differs from a good one. The same seed gives the same cases, and a failing case is
 * reported with its seed, number and input, so it can be replayed. Plain JUnit: no fuzzing engine is available offline.
 */
public final class JsonFuzz {

    /** Fragments a JSON tokenizer and the parsers above it must survive anywhere in a body. */
    private static final List<String> TOKENS = List.of("{", "}", "[", "]", ",", ":", "\"", "null", "true", "false",
            "-0", "0.0", "1e999", "-1e-999", "1e2147483648", "9".repeat(400), "0." + "1".repeat(20_000), "NaN",
            "Infinity", "01", "\"\\u0000\"", "\"\\ud800\"", "\"\\udc00\\ud800\"", "\"\\uFFFF\"", "\u00e9", "\uD83D\uDE00",
            "\"0001-01-01T00:00:00Z\"", "\"2026-13-45T99:00:00Z\"", "\"+999999999-12-31T23:59:59Z\"",
            "\"firing\"", "\"resolved\"", "\"passed\"", "\"error\"", "\"" + "x".repeat(70_000) + "\"",
            "/* c */", "\ufeff");
    /** Invalid UTF-8: a NUL byte, a lone surrogate encoded, an overlong slash, a stray continuation, a cut sequence. */
    private static final List<byte[]> RAW = List.of(new byte[] {0}, new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            new byte[] {(byte) 0xC0, (byte) 0xAF}, new byte[] {(byte) 0x80}, new byte[] {(byte) 0xE2, (byte) 0x82});
    /** Values that take the place of another value, of another JSON type. */
    private static final List<String> SWAPS = List.of("null", "0", "-1", "1.5", "1e308", "true", "\"\"", "\"text\"",
            "[]", "[1,2]", "{}", "{\"a\":{}}", "\"2026-11-21T00:00:00Z\"", "18446744073709551616");

    private final long seed;
    private final SplittableRandom random;

    public JsonFuzz(long seed) {
        this.seed = seed;
        this.random = new SplittableRandom(seed);
    }

    /**
     * Runs {@code cases} mutated copies of the seeds through {@code check}; the first that throws anything fails with
     * the seed, the case number and the input.
     */
    public void run(List<byte[]> seeds, int cases, Consumer<byte[]> check) {
        for (int i = 0; i < cases; i++) {
            byte[] input = mutate(seeds.get(random.nextInt(seeds.size())));
            try {
                check.accept(input);
            } catch (Throwable failure) {
                throw new AssertionError("fuzz case " + i + " of seed " + seed + " (replay: new JsonFuzz(" + seed
                        + "L)) failed on input " + shown(input) + ": " + failure, failure);
            }
        }
    }

    /** One to four mutations of the seed body. */
    byte[] mutate(byte[] seed) {
        byte[] body = seed;
        int mutations = 1 + random.nextInt(4);
        for (int i = 0; i < mutations; i++) {
            body = mutateOnce(body);
        }
        return body;
    }

    private byte[] mutateOnce(byte[] body) {
        if (body.length == 0) {
            return token();
        }
        int at = random.nextInt(body.length);
        return switch (random.nextInt(9)) {
            case 0 -> flip(body, at);
            case 1 -> Arrays.copyOf(body, at);
            case 2 -> splice(body, at, at + random.nextInt(Math.min(40, body.length - at) + 1), token());
            case 3 -> splice(body, at, at, RAW.get(random.nextInt(RAW.size())));
            case 4 -> duplicateMember(body);
            case 5 -> swapValue(body);
            case 6 -> nest(body);
            case 7 -> {
                int from = random.nextInt(body.length);
                int length = Math.min(body.length - from, 1 + random.nextInt(120));
                yield splice(body, at, at, Arrays.copyOfRange(body, from, from + length));
            }
            default -> splice(body, at, at, token());
        };
    }

    private byte[] flip(byte[] body, int at) {
        byte[] flipped = body.clone();
        flipped[at] ^= (byte) (1 << random.nextInt(8));
        return flipped;
    }

    /** Repeats a member ({@code "name": value}) right after itself: a duplicate key at whatever depth it was. */
    private byte[] duplicateMember(byte[] body) {
        int quote = indexOf(body, (byte) '"', random.nextInt(body.length));
        int colon = quote < 0 ? -1 : indexOf(body, (byte) ':', quote);
        int end = colon < 0 ? -1 : valueEnd(body, colon + 1);
        if (end < 0) {
            return splice(body, 0, 0, token());
        }
        byte[] member = Arrays.copyOfRange(body, quote, end);
        return splice(body, end, end, concat(new byte[] {','}, member));
    }

    /** Replaces the value after a random colon by one of another type. */
    private byte[] swapValue(byte[] body) {
        int colon = indexOf(body, (byte) ':', random.nextInt(body.length));
        int end = colon < 0 ? -1 : valueEnd(body, colon + 1);
        byte[] swap = SWAPS.get(random.nextInt(SWAPS.size())).getBytes(StandardCharsets.UTF_8);
        return end < 0 ? splice(body, body.length, body.length, swap) : splice(body, colon + 1, end, swap);
    }

    /** Wraps the value after a random colon in arrays and objects, up to past every nesting limit. */
    private byte[] nest(byte[] body) {
        int depth = 1 + random.nextInt(random.nextBoolean() ? 8 : 200);
        int colon = indexOf(body, (byte) ':', random.nextInt(body.length));
        int end = colon < 0 ? -1 : valueEnd(body, colon + 1);
        if (end < 0) {
            return concat("[".repeat(depth).getBytes(StandardCharsets.US_ASCII), body);
        }
        StringBuilder open = new StringBuilder();
        StringBuilder close = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            boolean array = random.nextBoolean();
            open.append(array ? "[" : "{\"n\":");
            close.insert(0, array ? "]" : "}");
        }
        byte[] wrapped = splice(body, end, end, close.toString().getBytes(StandardCharsets.US_ASCII));
        return splice(wrapped, colon + 1, colon + 1, open.toString().getBytes(StandardCharsets.US_ASCII));
    }

    /** Where the JSON value starting at {@code from} ends, by bracket depth and strings; -1 when it does not. */
    private static int valueEnd(byte[] body, int from) {
        int depth = 0;
        boolean inString = false;
        for (int i = from; i < body.length; i++) {
            byte b = body[i];
            if (inString) {
                if (b == '\\') {
                    i++;
                } else if (b == '"') {
                    inString = false;
                    if (depth == 0) {
                        return i + 1;
                    }
                }
            } else if (b == '"') {
                inString = true;
            } else if (b == '{' || b == '[') {
                depth++;
            } else if (b == '}' || b == ']') {
                if (depth == 0) {
                    return i;
                }
                if (--depth == 0) {
                    return i + 1;
                }
            } else if (b == ',' && depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private byte[] token() {
        return TOKENS.get(random.nextInt(TOKENS.size())).getBytes(StandardCharsets.UTF_8);
    }

    private static int indexOf(byte[] body, byte wanted, int from) {
        for (int i = from; i < body.length; i++) {
            if (body[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] splice(byte[] body, int from, int to, byte[] inserted) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + inserted.length);
        out.write(body, 0, from);
        out.writeBytes(inserted);
        out.write(body, to, body.length - to);
        return out.toByteArray();
    }

    private static byte[] concat(byte[] first, byte[] second) {
        return splice(second, 0, 0, first);
    }

    /** The input for the failure message: text when it is readable, else hex; long ones cut. */
    private static String shown(byte[] input) {
        byte[] head = Arrays.copyOf(input, Math.min(input.length, 2000));
        String text = new String(head, StandardCharsets.UTF_8);
        boolean readable = text.chars().allMatch(c -> c >= 0x20 && c != 0xFFFD || c == '\n' || c == '\t');
        return input.length + " bytes, " + (readable ? "'" + text + "'" : "hex " + HexFormat.of().formatHex(head))
                + (input.length > head.length ? "…" : "");
    }
}
