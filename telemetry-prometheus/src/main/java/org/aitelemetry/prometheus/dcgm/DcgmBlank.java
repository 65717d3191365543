package org.aitelemetry.prometheus.dcgm;

/**
 * DCGM's "blank" sentinels: values a field takes when it has no reading (not supported, not found, not permissioned).
 * They look like huge numbers and must never be stored as readings. Ranges from DCGM's dcgm_structs.h: 32-bit blanks
 * start at 0x7ffffff0, 64-bit blanks at 0x7ffffffffffffff0, and double blanks at 2^47.
 */
public final class DcgmBlank {

    private static final double INT32_BLANK = 0x7ffffff0;
    private static final double INT32_MAX = Integer.MAX_VALUE;
    private static final double FP64_BLANK = 140737488355328.0;
    private static final double FP64_BLANK_LAST = FP64_BLANK + 16;
    private static final double INT64_BLANK = 9.223372036854775E18;

    /** PromQL comparisons keeping a field's samples below the first blank of its DCGM type: blanks drop out. */
    public static final String BELOW_INT32_BLANK = " < " + (long) INT32_BLANK;
    public static final String BELOW_FP64_BLANK = " < " + (long) FP64_BLANK;
    /** PromQL compares doubles: every int64 blank rounds to 2^63, so the bound sits a margin below it. */
    public static final String BELOW_INT64_BLANK = " < 9223372036854775000";

    private DcgmBlank() {
    }

    public static boolean isBlank(double value) {
        return Double.isNaN(value) || Double.isInfinite(value)
                || (value >= INT32_BLANK && value <= INT32_MAX)
                || (value >= FP64_BLANK && value <= FP64_BLANK_LAST)
                || value >= INT64_BLANK;
    }
}
