package org.aitelemetry.worker.span;

/**
 * A session's aggregates at close (contracts.md §3), null where unknown.
 *
 * @param utilizationPercent average utilization over the session: of the GPU, or the slice's graphics-engine activity
 * @param energyJoules       energy the whole GPU drew during the session; unknown for MIG slices
 * @param gpuSeconds         duration × the share of a GPU held (1, or the slice's compute share)
 * @param failure            why a value that should exist could not be read (the source is down, a partial answer):
 *                           worth another attempt; null when everything that exists was read
 */
record Aggregates(Double utilizationPercent, Double energyJoules, Double gpuSeconds, String failure) {

    boolean failed() {
        return failure != null;
    }
}
