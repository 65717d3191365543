package org.aitelemetry.devkit.bench;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.TemporalAdjusters;

/**
 * How many ISO weeks and calendar months (UTC) have statements due, as the worker reckons them: ended at least the
 * delay ago, and ending within the horizon.
 */
record DuePeriods(int weeks, int months) {

    static DuePeriods of(Instant now, Duration delay, Duration horizon) {
        LocalDate latest = LocalDate.ofInstant(now.minus(delay), ZoneOffset.UTC);
        Instant oldestEnd = now.minus(horizon);
        int weeks = 0;
        for (LocalDate end = latest.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
                midnight(end).isAfter(oldestEnd); end = end.minusWeeks(1)) {
            weeks++;
        }
        int months = 0;
        for (LocalDate end = latest.withDayOfMonth(1); midnight(end).isAfter(oldestEnd); end = end.minusMonths(1)) {
            months++;
        }
        return new DuePeriods(weeks, months);
    }

    private static Instant midnight(LocalDate day) {
        return day.atStartOfDay(ZoneOffset.UTC).toInstant();
    }
}
