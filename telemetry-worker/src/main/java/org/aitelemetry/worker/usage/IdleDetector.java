package org.aitelemetry.worker.usage;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;

/**
 * Flags idle stretches: runs of consecutive points (one step apart) at which the entity is allocated and its
 * utilization stays below the threshold, lasting at least the window. A point outside such a run is not idle, however
 * quiet: a short pause between bursts is not waste. A missing point or a point without a holder ends a run.
 */
final class IdleDetector {

    private final double thresholdPercent;
    private final Duration window;
    private final Duration step;

    IdleDetector(double thresholdPercent, Duration window, Duration step) {
        this.thresholdPercent = thresholdPercent;
        this.window = window;
        this.step = step;
    }

    /** The points inside idle stretches; give it the readings from a window before to a window after the hour. */
    Set<Instant> idlePoints(NavigableMap<Instant, Reading> readings) {
        Set<Instant> idle = new HashSet<>();
        List<Instant> run = new ArrayList<>();
        Instant previous = null;
        for (Map.Entry<Instant, Reading> point : readings.entrySet()) {
            boolean quiet = point.getValue().allocated() && point.getValue().busy() * 100 < thresholdPercent;
            boolean continues = previous != null && previous.plus(step).equals(point.getKey());
            if (!quiet || !continues) {
                flush(run, idle);
            }
            if (quiet) {
                run.add(point.getKey());
            }
            previous = point.getKey();
        }
        flush(run, idle);
        return idle;
    }

    private void flush(List<Instant> run, Set<Instant> idle) {
        if (!run.isEmpty() && step.multipliedBy(run.size()).compareTo(window) >= 0) {
            idle.addAll(run);
        }
        run.clear();
    }
}
