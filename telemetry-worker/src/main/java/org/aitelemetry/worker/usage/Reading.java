package org.aitelemetry.worker.usage;

import java.util.ArrayList;
import java.util.List;

/**
 * A GPU's or MIG slice's state at one evaluation point of a range query, standing for the step that starts there.
 *
 * @param busy    share of the time its engines were active, 0–1 ({@code DCGM_FI_DEV_GPU_UTIL / 100}, or
 *                {@code DCGM_FI_PROF_GR_ENGINE_ACTIVE} for a slice)
 * @param holders the namespace of each pod holding it; empty while unallocated, several when pods share it
 */
record Reading(double busy, List<String> holders) {

    Reading {
        holders = List.copyOf(holders);
    }

    boolean allocated() {
        return !holders.isEmpty();
    }

    /** Two series of the same entity at the same point: one reading, held by the pods of both. */
    Reading merge(Reading other) {
        List<String> all = new ArrayList<>(holders);
        all.addAll(other.holders);
        return new Reading(Math.max(busy, other.busy), all);
    }
}
