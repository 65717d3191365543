package org.aitelemetry.worker.usage;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The completed clock hours a run rolls up. The gap is every completed hour within the horizon (how far back the
 * source still holds samples) that is not done yet; a run takes at most {@code perRun} of them, newest first, and
 * always the last completed hour, so that samples arriving late (ACM forwards every five minutes) and idle stretches
 * running on into the next hour are counted once they are known. Newest first: the recent hours are the ones people
 * read (this month's report, the project pages), and a fresh source's retention reaches back before its GPUs existed,
 * hours with no data that are best swept last. Hours waiting out a retry delay stay in the gap but are not taken.
 *
 * @param hours the hours to roll up now, oldest first
 * @param gap   the hours not done yet besides the last completed one, those taken now included
 */
record PendingHours(List<Instant> hours, int gap) {

    static PendingHours of(Instant now, Duration horizon, Set<Instant> done, Predicate<Instant> waiting,
            int perRun) {
        Instant last = now.truncatedTo(ChronoUnit.HOURS).minus(HourWindow.HOUR);
        Instant oldest = oldest(now, horizon);
        List<Instant> taken = new ArrayList<>();
        int gap = 0;
        for (Instant hour = last.minus(HourWindow.HOUR); !hour.isBefore(oldest); hour = hour.minus(HourWindow.HOUR)) {
            if (done.contains(hour)) {
                continue;
            }
            gap++;
            if (taken.size() < perRun && !waiting.test(hour)) {
                taken.add(hour);
            }
        }
        List<Instant> hours = new ArrayList<>(taken);
        Collections.reverse(hours);
        if (!last.isBefore(oldest)) {
            hours.add(last);
        }
        return new PendingHours(List.copyOf(hours), gap);
    }

    /** The oldest hour wholly within the horizon: an hour partly beyond it may have lost samples already. */
    static Instant oldest(Instant now, Duration horizon) {
        return now.minus(horizon).plus(HourWindow.HOUR).minusNanos(1).truncatedTo(ChronoUnit.HOURS);
    }
}
