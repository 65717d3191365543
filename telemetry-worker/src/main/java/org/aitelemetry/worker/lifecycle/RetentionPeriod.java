package org.aitelemetry.worker.lifecycle;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long a kind of data is kept: {@code off} (forever), {@code <n>d} (days) or {@code <n>months} (calendar months,
 * UTC), as {@code telemetry.retention.*} spells it.
 *
 * @param days   days kept, 0 when given in months or off
 * @param months months kept, 0 when given in days or off
 */
public record RetentionPeriod(int days, int months) {

    private static final Pattern SPELLING = Pattern.compile("(\\d{1,5})(d|months)");

    public static final RetentionPeriod OFF = new RetentionPeriod(0, 0);

    /** Parses a setting; fails with the reason for anything but {@code off}, {@code <n>d} or {@code <n>months}. */
    public static RetentionPeriod parse(String setting) {
        String value = setting.strip();
        if (value.equalsIgnoreCase("off")) {
            return OFF;
        }
        Matcher matcher = SPELLING.matcher(value);
        if (!matcher.matches() || Integer.parseInt(matcher.group(1)) == 0) {
            throw new IllegalArgumentException("retention '" + setting
                    + "' is not 'off', '<days>d' or '<months>months' with a count of at least 1");
        }
        int count = Integer.parseInt(matcher.group(1));
        return matcher.group(2).equals("d") ? new RetentionPeriod(count, 0) : new RetentionPeriod(0, count);
    }

    /** The instant before which data may go, none when kept forever. */
    public Optional<Instant> cutoff(Instant now) {
        if (this.equals(OFF)) {
            return Optional.empty();
        }
        return Optional.of(now.atZone(ZoneOffset.UTC).minusDays(days).minusMonths(months).toInstant());
    }

    /** Whether data of age {@code span} is still kept as of {@code now}. */
    public boolean keeps(Duration span, Instant now) {
        return cutoff(now).map(cutoff -> !cutoff.isAfter(now.minus(span))).orElse(true);
    }
}
