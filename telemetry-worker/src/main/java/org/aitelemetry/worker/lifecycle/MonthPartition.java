package org.aitelemetry.worker.lifecycle;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One monthly partition as the catalog lists it, named {@code <table>_YYYYMM} by {@code ensure_month_partition}.
 *
 * @param name           the partition's table name, safe to put into DDL (checked spelling)
 * @param month          the UTC month it holds
 * @param estimatedRows  the planner's estimate of its rows, -1 before the first ANALYZE
 * @param detachPending  left half-detached by an interrupted DETACH ... CONCURRENTLY
 */
record MonthPartition(String name, YearMonth month, long estimatedRows, boolean detachPending) {

    private static final Pattern NAME = Pattern.compile("[a-z_]+_(\\d{6})");
    private static final DateTimeFormatter SUFFIX = DateTimeFormatter.ofPattern("yyyyMM");

    /** The partition of a listed name; empty for a name that is not one of ours (never touched). */
    static Optional<MonthPartition> of(String parent, String name, long estimatedRows, boolean detachPending) {
        Matcher matcher = NAME.matcher(name);
        if (!matcher.matches() || !name.equals(parent + "_" + matcher.group(1))) {
            return Optional.empty();
        }
        return Optional.of(new MonthPartition(name, YearMonth.parse(matcher.group(1), SUFFIX), estimatedRows,
                detachPending));
    }

    /** Whether the whole month lies before the cut-off, so nothing in it is younger than what may go. */
    boolean endsBy(Instant cutoff) {
        return !month.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant().isAfter(cutoff);
    }
}
