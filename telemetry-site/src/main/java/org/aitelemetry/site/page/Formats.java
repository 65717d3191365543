package org.aitelemetry.site.page;

import io.quarkus.qute.TemplateExtension;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * How pages print numbers and times: fixed decimals, a dash for "no reading", UTC timestamps to the minute, as
 * {@code {value.fixed(1)}}. A missing value prints a dash ({@link MissingValueResolver}).
 */
@TemplateExtension
public final class Formats {

    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT);
    static final String NONE = "–";
    private static final double JOULES_PER_KWH = 3_600_000;

    private Formats() {
    }

    /** The value with that many decimals, or a dash when there is no reading. */
    static String fixed(Double value, int decimals) {
        return value == null || !Double.isFinite(value) ? NONE
                : BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    }

    static String fixed(BigDecimal value, int decimals) {
        return value == null ? NONE : value.setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    }

    /** A share 0–1 as a percentage. */
    static String percent(Double share) {
        return share == null ? NONE : fixed(share * 100, 0) + " %";
    }

    /** Joules as kilowatt-hours, with the unit. */
    static String kwh(Double joules) {
        return joules == null ? NONE : fixed(joules / JOULES_PER_KWH, 1) + " kWh";
    }

    static String utc(OffsetDateTime time) {
        return time == null ? NONE : time.withOffsetSameInstant(ZoneOffset.UTC).format(MINUTE);
    }

    /** Text or a dash. */
    static String orDash(String text) {
        return text == null || text.isBlank() ? NONE : text;
    }
}
