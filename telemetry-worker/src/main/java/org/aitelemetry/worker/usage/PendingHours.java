package org.aitelemetry.worker.usage;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The completed clock hours a run rolls up: those within the catch-up span that have no rows yet, and always the last
 * completed one, so that samples arriving late (ACM forwards every five minutes) and idle stretches running on into
 * the next hour are counted once they are known. Oldest first.
 */
final class PendingHours {

    private PendingHours() {
    }

    static List<Instant> of(Instant now, Duration catchUp, Set<Instant> rolledUp) {
        Instant current = now.truncatedTo(ChronoUnit.HOURS);
        Instant last = current.minus(HourWindow.HOUR);
        List<Instant> hours = new ArrayList<>();
        for (Instant hour = current.minus(Math.max(1, catchUp.toHours()), ChronoUnit.HOURS); hour.isBefore(current);
                hour = hour.plus(HourWindow.HOUR)) {
            if (hour.equals(last) || !rolledUp.contains(hour)) {
                hours.add(hour);
            }
        }
        return hours;
    }
}
