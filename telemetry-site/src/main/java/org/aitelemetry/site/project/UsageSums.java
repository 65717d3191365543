package org.aitelemetry.site.project;

import java.math.BigDecimal;

/**
 * Additive sums of hourly rollups, from which the figures derive: ratios (utilization, efficiency) are never summed,
 * so totals over buckets stay exact. Utilization is weighted by metered time (allocated less unmetered: a VM's GPUs
 * have no readings), over the hours that have one.
 */
record UsageSums(double allocatedSeconds, double unmeteredSeconds, double usedSeconds, double idleSeconds,
        double weightedUtilization, double utilizationWeight, double energyJoules, BigDecimal cost) {

    static final UsageSums ZERO = new UsageSums(0, 0, 0, 0, 0, 0, 0, BigDecimal.ZERO);
    private static final double SECONDS_PER_HOUR = 3600;
    private static final double JOULES_PER_KWH = 3.6e6;

    UsageSums plus(UsageSums other) {
        return new UsageSums(allocatedSeconds + other.allocatedSeconds, unmeteredSeconds + other.unmeteredSeconds,
                usedSeconds + other.usedSeconds, idleSeconds + other.idleSeconds,
                weightedUtilization + other.weightedUtilization, utilizationWeight + other.utilizationWeight,
                energyJoules + other.energyJoules, cost.add(other.cost));
    }

    UsageFigures figures() {
        double meteredSeconds = allocatedSeconds - unmeteredSeconds;
        return new UsageFigures(allocatedSeconds / SECONDS_PER_HOUR, unmeteredSeconds / SECONDS_PER_HOUR,
                usedSeconds / SECONDS_PER_HOUR, idleSeconds / SECONDS_PER_HOUR,
                utilizationWeight > 0 ? weightedUtilization / utilizationWeight : null, energyJoules / JOULES_PER_KWH,
                cost, meteredSeconds > 0 ? usedSeconds / meteredSeconds : null);
    }
}
