package org.aitelemetry.prometheus;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The time limit in Prometheus' {@code storageRetention} runtime info: {@code 2w1d} (Prometheus writes 15d so),
 * {@code 90d or 10GiB} where a size limit is set too, {@code 10GiB} where only a size limit is (no time limit to tell).
 */
final class StorageRetention {

    /** Prometheus' duration notation, units largest first; a year is 365 days, as Prometheus counts it. */
    private static final Pattern DURATION = Pattern.compile(
            "(?:(\\d+)y)?(?:(\\d+)w)?(?:(\\d+)d)?(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?(?:(\\d+)ms)?");
    private static final Duration[] UNITS = {Duration.ofDays(365), Duration.ofDays(7), Duration.ofDays(1),
        Duration.ofHours(1), Duration.ofMinutes(1), Duration.ofSeconds(1), Duration.ofMillis(1)};

    private StorageRetention() {
    }

    /** The time limit, or empty where there is none (size only, {@code 0s}) or the text is not Prometheus'. */
    static Optional<Duration> parse(String storageRetention) {
        if (storageRetention == null) {
            return Optional.empty();
        }
        for (String part : storageRetention.split(" or ")) {
            Matcher matcher = DURATION.matcher(part.strip());
            if (part.isBlank() || !matcher.matches()) {
                continue;
            }
            Duration retention = Duration.ZERO;
            for (int unit = 0; unit < UNITS.length; unit++) {
                String count = matcher.group(unit + 1);
                if (count != null) {
                    retention = retention.plus(UNITS[unit].multipliedBy(Long.parseLong(count)));
                }
            }
            if (!retention.isZero()) {
                return Optional.of(retention);
            }
        }
        return Optional.empty();
    }
}
