package org.aitelemetry.prometheus;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** Reads a {@code Retry-After} header (RFC 9110 §10.2.3): delta-seconds, or an HTTP-date in the IMF-fixdate form. */
final class RetryAfter {

    private RetryAfter() {
    }

    /** The pause the header asks for, from {@code now}; empty when there is no header or it cannot be read. */
    static Optional<Duration> parse(String header, Instant now) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        String value = header.trim();
        try {
            if (value.chars().allMatch(Character::isDigit)) {
                return Optional.of(Duration.ofSeconds(Long.parseLong(value)));
            }
            ZonedDateTime date = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
            Duration untilDate = Duration.between(now, date);
            return Optional.of(untilDate.isNegative() ? Duration.ZERO : untilDate);
        } catch (NumberFormatException | DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
