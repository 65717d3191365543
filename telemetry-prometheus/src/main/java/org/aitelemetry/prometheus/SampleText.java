package org.aitelemetry.prometheus;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;

/**
 * A sample's two halves as the query API writes them: the time as seconds with at most three decimals (Go's
 * {@code strconv.AppendFloat(t/1000, 'f', -1)}), the value as a string because JSON has no NaN or infinities. Every
 * series of a fleet-wide answer carries one or more samples, so the usual shape is read without a {@link BigDecimal}.
 */
final class SampleText {

    private static final Map<String, Double> SPECIAL_VALUES = Map.of(
            "+Inf", Double.POSITIVE_INFINITY, "Inf", Double.POSITIVE_INFINITY, "-Inf", Double.NEGATIVE_INFINITY);
    /** Whole seconds up to 15 digits fit a long in milliseconds with room to spare. */
    private static final int MAX_SECOND_DIGITS = 15;
    private static final int MAX_DECIMALS = 3;

    private SampleText() {
    }

    /**
     * Milliseconds since the epoch of a time written as {@code chars[offset..offset+length)}, rounded half up to the
     * millisecond. Digits with up to three decimals are read directly; anything else (an exponent, a sign, more
     * decimals) goes through {@link BigDecimal}.
     *
     * @throws NumberFormatException when the text is not a number or is out of range
     */
    static long epochMillis(char[] chars, int offset, int length) {
        long seconds = 0;
        int millis = 0;
        int decimals = -1;
        for (int i = offset; i < offset + length; i++) {
            char c = chars[i];
            if (c == '.' && decimals < 0 && i > offset) {
                decimals = 0;
            } else if (c >= '0' && c <= '9' && decimals < 0 && i - offset < MAX_SECOND_DIGITS) {
                seconds = seconds * 10 + (c - '0');
            } else if (c >= '0' && c <= '9' && decimals >= 0 && decimals < MAX_DECIMALS) {
                millis = millis * 10 + (c - '0');
                decimals++;
            } else {
                return viaDecimal(new String(chars, offset, length));
            }
        }
        if (length == 0 || decimals == 0) {
            return viaDecimal(new String(chars, offset, length));
        }
        for (int d = Math.max(decimals, 0); d < MAX_DECIMALS; d++) {
            millis *= 10;
        }
        return seconds * 1000 + millis;
    }

    /** A sample's value: a Go float, {@code NaN}, or an infinity in Prometheus' spelling. */
    static double value(String text) {
        Double special = SPECIAL_VALUES.get(text);
        return special != null ? special : Double.parseDouble(text);
    }

    private static long viaDecimal(String seconds) {
        try {
            return new BigDecimal(seconds).movePointRight(3).setScale(0, RoundingMode.HALF_UP).longValueExact();
        } catch (ArithmeticException e) {
            throw new NumberFormatException("time out of range: " + seconds);
        }
    }
}
