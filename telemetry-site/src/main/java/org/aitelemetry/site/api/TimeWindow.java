package org.aitelemetry.site.api;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * The {@code from} (inclusive) and {@code to} (exclusive) parameters of an operation that reads a time window; either
 * may be absent unless the window is {@link #closed closed}. A window that ends before it starts is refused.
 */
public record TimeWindow(Instant from, Instant to) {

    /** Parses the parameters, refusing a malformed value or {@code from} not before {@code to}. */
    public static TimeWindow of(String from, String to) {
        TimeWindow window = new TimeWindow(QueryParams.time("from", from), QueryParams.time("to", to));
        if (window.from != null && window.to != null && !window.from.isBefore(window.to)) {
            throw ApiProblem.badParameter("from", "must be before 'to'");
        }
        return window;
    }

    /**
     * The {@code length} up to the end of the current hour: the rollups are hourly, so a page's "last 24 hours" are
     * whole hours, the current, partial one included.
     */
    public static TimeWindow hoursUpTo(Instant now, Duration length) {
        Instant to = now.truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.HOURS);
        return new TimeWindow(to.minus(length), to);
    }

    /**
     * This window with both ends: {@code to} defaults to {@code now}, {@code from} to {@code defaultLength} before
     * {@code to}; one longer than {@code maxLength} is refused, so a single request cannot read years of data.
     */
    public TimeWindow closed(Instant now, Duration defaultLength, Duration maxLength) {
        Instant end = to != null ? to : now;
        Instant start = from != null ? from : end.minus(defaultLength);
        if (!start.isBefore(end)) {
            throw ApiProblem.badParameter("from", "must be before 'to'");
        }
        if (Duration.between(start, end).compareTo(maxLength) > 0) {
            throw ApiProblem.badParameter("from", "must be at most " + maxLength.toDays() + " days before 'to'");
        }
        return new TimeWindow(start, end);
    }

    /** The start as the SQL client binds it (UTC), or null. */
    public OffsetDateTime fromUtc() {
        return Rows.utc(from);
    }

    public OffsetDateTime toUtc() {
        return Rows.utc(to);
    }

    /** The first UTC day that lies whole in this closed window. */
    public LocalDate firstWholeDay() {
        Instant midnight = from.truncatedTo(ChronoUnit.DAYS);
        return LocalDate.ofInstant(midnight.equals(from) ? from : midnight.plus(1, ChronoUnit.DAYS), ZoneOffset.UTC);
    }

    /** The UTC day after the last that lies whole in this closed window (exclusive, like {@code to}). */
    public LocalDate endOfWholeDays() {
        return LocalDate.ofInstant(to, ZoneOffset.UTC);
    }
}
