package org.aitelemetry.worker.usage;

import java.time.Instant;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The increase of a monotonic counter from its own points, exact where PromQL's {@code increase()} would extrapolate
 * to the window's edges. A drop means the counter restarted from zero (a driver reload, a reboot) in between: its new
 * value is then all the increase since the restart.
 */
final class CounterIncrease {

    private CounterIncrease() {
    }

    static double between(double previous, double current) {
        return current >= previous ? current - previous : current;
    }

    /** The increase from each point to the next, keyed by the earlier point; the last point has none yet. */
    static NavigableMap<Instant, Double> perInterval(NavigableMap<Instant, Double> counter) {
        NavigableMap<Instant, Double> increases = new TreeMap<>();
        Map.Entry<Instant, Double> previous = null;
        for (Map.Entry<Instant, Double> point : counter.entrySet()) {
            if (previous != null) {
                increases.put(previous.getKey(), between(previous.getValue(), point.getValue()));
            }
            previous = point;
        }
        return increases;
    }
}
