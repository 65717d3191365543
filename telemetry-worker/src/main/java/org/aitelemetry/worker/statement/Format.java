package org.aitelemetry.worker.statement;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** How statements write numbers and times, the same in HTML, CSV and text (locale-independent). */
final class Format {

    private static final DateTimeFormatter UTC_MINUTE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private Format() {
    }

    /** Hours and kWh as read: two decimals. */
    static String quantity(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** Hours and kWh in CSV, for sums that match: four decimals. */
    static String exact(double value) {
        return String.format(Locale.ROOT, "%.4f", value);
    }

    static String money(BigDecimal amount) {
        return amount.setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    static String exactMoney(BigDecimal amount) {
        return amount.setScale(4, RoundingMode.HALF_UP).toPlainString();
    }

    /** Efficiency as a percentage; a dash when nothing was allocated. */
    static String percent(Double share) {
        return share == null ? "–" : String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    static String time(Instant instant) {
        return UTC_MINUTE.format(instant);
    }

    /** The period as a person reads it, e.g. "week 2026-W47 (2026-11-16 00:00 UTC – 2026-11-23 00:00 UTC)". */
    static String period(Period period) {
        return period.label() + " (" + time(period.start()) + " – " + time(period.end()) + ")";
    }
}
