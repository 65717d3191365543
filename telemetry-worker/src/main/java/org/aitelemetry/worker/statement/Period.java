package org.aitelemetry.worker.statement;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.aitelemetry.model.statement.StatementPeriod;

/**
 * The time a statement covers, in UTC: an ISO week (Monday 00:00 to the next Monday) or a calendar month.
 *
 * @param start inclusive
 * @param end   exclusive
 */
public record Period(StatementPeriod kind, Instant start, Instant end) {

    /** The period of the kind that contains the instant. */
    public static Period containing(StatementPeriod kind, Instant instant) {
        LocalDate day = LocalDate.ofInstant(instant, ZoneOffset.UTC);
        LocalDate first = kind == StatementPeriod.WEEK ? day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
                : day.withDayOfMonth(1);
        LocalDate next = kind == StatementPeriod.WEEK ? first.plusWeeks(1) : first.plusMonths(1);
        return new Period(kind, midnight(first), midnight(next));
    }

    /**
     * The periods of the kind whose statements are due: ended at least {@code delay} ago (the rollup has filled
     * their last hours by then) and ending within {@code horizon}; oldest first.
     */
    public static List<Period> due(StatementPeriod kind, Instant now, Duration delay, Duration horizon) {
        List<Period> due = new ArrayList<>();
        Instant oldestEnd = now.minus(horizon);
        for (Period period = containing(kind, now.minus(delay)).previous(); period.end().isAfter(oldestEnd);
                period = period.previous()) {
            due.add(0, period);
        }
        return due;
    }

    public Period previous() {
        return containing(kind, start.minusSeconds(1));
    }

    /** The ISO name of the period: "2026-W47" or "2026-11". */
    public String code() {
        LocalDate first = LocalDate.ofInstant(start, ZoneOffset.UTC);
        return kind == StatementPeriod.WEEK
                ? String.format(Locale.ROOT, "%d-W%02d", first.get(IsoFields.WEEK_BASED_YEAR),
                        first.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR))
                : String.format(Locale.ROOT, "%d-%02d", first.getYear(), first.getMonthValue());
    }

    /** How a person reads it: "week 2026-W47" or "month 2026-11". */
    public String label() {
        return kind.name().toLowerCase(Locale.ROOT) + " " + code();
    }

    private static Instant midnight(LocalDate day) {
        return day.atStartOfDay(ZoneOffset.UTC).toInstant();
    }
}
