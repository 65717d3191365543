package org.aitelemetry.worker.usage;

/**
 * Usage of an entity over some time, in GPU-seconds (a MIG slice counts as its share of a GPU) and joules.
 *
 * @param allocatedGpuSeconds time a pod held it
 * @param usedGpuSeconds      allocated time weighted by utilization
 * @param idleGpuSeconds      allocated time inside flagged idle stretches
 * @param energyJoules        energy it consumed
 */
record Usage(double allocatedGpuSeconds, double usedGpuSeconds, double idleGpuSeconds, double energyJoules) {

    static final Usage ZERO = new Usage(0, 0, 0, 0);

    Usage plus(Usage other) {
        return new Usage(allocatedGpuSeconds + other.allocatedGpuSeconds, usedGpuSeconds + other.usedGpuSeconds,
                idleGpuSeconds + other.idleGpuSeconds, energyJoules + other.energyJoules);
    }

    Usage times(double factor) {
        return new Usage(allocatedGpuSeconds * factor, usedGpuSeconds * factor, idleGpuSeconds * factor,
                energyJoules * factor);
    }

    Usage withoutEnergy() {
        return new Usage(allocatedGpuSeconds, usedGpuSeconds, idleGpuSeconds, 0);
    }

    /** Mean utilization while allocated, 0–100; {@code null} when nothing was allocated. */
    Double utilizationPercent() {
        return allocatedGpuSeconds > 0 ? 100 * usedGpuSeconds / allocatedGpuSeconds : null;
    }
}
