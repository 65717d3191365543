package org.aitelemetry.worker.usage;

import java.time.Duration;
import java.time.Instant;
import java.util.NavigableMap;

/**
 * What is queried to roll up one clock hour: the hour plus a margin on either side (the idle window, so a stretch that
 * crosses the hour's edges is measured whole), cut at the last step before now. Points lie on a grid of steps through
 * the hour's start.
 *
 * @param hour  start of the clock hour
 * @param start first evaluation point
 * @param end   last evaluation point
 */
record HourWindow(Instant hour, Instant start, Instant end) {

    static final Duration HOUR = Duration.ofHours(1);

    /** The margin must be a whole number of steps and the hour must have ended by {@code now}. */
    static HourWindow of(Instant hour, Duration margin, Duration step, Instant now) {
        Instant end = hour.plus(HOUR).plus(margin);
        if (end.isAfter(now)) {
            end = hour.plus(step.multipliedBy(Duration.between(hour, now).toMillis() / step.toMillis()));
        }
        return new HourWindow(hour, hour.minus(margin), end);
    }

    /** The entries of a timeline that fall in the hour itself. */
    <V> NavigableMap<Instant, V> within(NavigableMap<Instant, V> points) {
        return points.subMap(hour, true, hour.plus(HOUR), false);
    }
}
