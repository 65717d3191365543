package org.aitelemetry.worker.usage;

/**
 * Usage of an entity over some time, in GPU-seconds (a MIG slice counts as its share of a GPU) and joules.
 *
 * @param allocatedGpuSeconds   time a pod or VM held it
 * @param usedGpuSeconds        allocated time weighted by utilization
 * @param idleGpuSeconds        allocated time inside flagged idle stretches
 * @param energyJoules          energy it consumed
 * @param unmeteredGpuSeconds   the part of the allocated time no reading measured (GPUs passed through to VMs): never
 *                              used, never idle, left out of the utilization
 */
record Usage(double allocatedGpuSeconds, double usedGpuSeconds, double idleGpuSeconds, double energyJoules,
        double unmeteredGpuSeconds) {

    static final Usage ZERO = new Usage(0, 0, 0, 0);

    /** Metered usage: every allocated second had readings. */
    Usage(double allocatedGpuSeconds, double usedGpuSeconds, double idleGpuSeconds, double energyJoules) {
        this(allocatedGpuSeconds, usedGpuSeconds, idleGpuSeconds, energyJoules, 0);
    }

    /** GPU-seconds held with nothing measuring them: allocation-based usage. */
    static Usage unmetered(double gpuSeconds) {
        return new Usage(gpuSeconds, 0, 0, 0, gpuSeconds);
    }

    Usage plus(Usage other) {
        return new Usage(allocatedGpuSeconds + other.allocatedGpuSeconds, usedGpuSeconds + other.usedGpuSeconds,
                idleGpuSeconds + other.idleGpuSeconds, energyJoules + other.energyJoules,
                unmeteredGpuSeconds + other.unmeteredGpuSeconds);
    }

    Usage times(double factor) {
        return new Usage(allocatedGpuSeconds * factor, usedGpuSeconds * factor, idleGpuSeconds * factor,
                energyJoules * factor, unmeteredGpuSeconds * factor);
    }

    Usage withoutEnergy() {
        return new Usage(allocatedGpuSeconds, usedGpuSeconds, idleGpuSeconds, 0, unmeteredGpuSeconds);
    }

    /** Mean utilization while allocated and metered, 0–100; {@code null} when no metered time was allocated. */
    Double utilizationPercent() {
        double metered = allocatedGpuSeconds - unmeteredGpuSeconds;
        return metered > 0 ? 100 * usedGpuSeconds / metered : null;
    }
}
