package org.aitelemetry.devkit.launcher;

import java.time.Duration;
import org.aitelemetry.devkit.fleet.FleetHistory;

/**
 * The simulated past a platform starts with: {@code span} before the start, a sample every {@code step}; none when the
 * span is zero.
 */
public record HistoryOptions(Duration span, Duration step) {

    /** Prometheus keeps 90 days of a backfilled past; a month is plenty to show. */
    public static final Duration LONGEST_SPAN = Duration.ofDays(31);
    public static final HistoryOptions NONE = new HistoryOptions(Duration.ZERO, FleetHistory.LONGEST_STEP);

    public HistoryOptions {
        if (span.isNegative() || span.compareTo(LONGEST_SPAN) > 0) {
            throw new IllegalArgumentException("the history spans 0 to " + LONGEST_SPAN.toDays() + " days, not " + span);
        }
        if (step.isZero() || step.isNegative() || step.compareTo(FleetHistory.LONGEST_STEP) > 0) {
            throw new IllegalArgumentException("the history step lies between 1 s and "
                    + FleetHistory.LONGEST_STEP.toMinutes() + " min (Prometheus' lookback), not " + step);
        }
    }

    public boolean enabled() {
        return !span.isZero();
    }
}
