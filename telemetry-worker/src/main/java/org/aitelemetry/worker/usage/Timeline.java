package org.aitelemetry.worker.usage;

import java.time.Instant;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * What one GPU or MIG slice did over a queried range, point by point.
 *
 * @param gpuShare the share of a whole GPU it stands for: 1 for a GPU, the {@code MigShare} of a slice
 * @param readings utilization and holders per evaluation point
 * @param energy   joules consumed during the step that starts at each point (for a slice: its share of its GPU's)
 */
record Timeline(double gpuShare, NavigableMap<Instant, Reading> readings, NavigableMap<Instant, Double> energy) {

    Timeline {
        readings = new TreeMap<>(readings);
        energy = new TreeMap<>(energy);
    }
}
