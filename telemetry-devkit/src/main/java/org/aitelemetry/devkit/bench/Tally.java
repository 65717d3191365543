package org.aitelemetry.devkit.bench;

import java.util.Arrays;
import java.util.List;

/** Latencies and alert counts of the requests a load thread completed; merged across threads once they are done. */
final class Tally {

    private long[] nanos = new long[4096];
    private int requests;
    private long alerts;

    void add(long latencyNanos, int alertCount) {
        if (requests == nanos.length) {
            nanos = Arrays.copyOf(nanos, requests * 2);
        }
        nanos[requests++] = latencyNanos;
        alerts += alertCount;
    }

    int requests() {
        return requests;
    }

    long alerts() {
        return alerts;
    }

    /** Latency statistics in milliseconds; null without requests. */
    Stats millis() {
        return requests == 0 ? null : Stats.of(Arrays.stream(nanos, 0, requests).mapToDouble(n -> n / 1e6).toArray());
    }

    static Tally merge(List<Tally> tallies) {
        Tally merged = new Tally();
        for (Tally tally : tallies) {
            for (int i = 0; i < tally.requests; i++) {
                merged.add(tally.nanos[i], 0);
            }
            merged.alerts += tally.alerts;
        }
        return merged;
    }
}
