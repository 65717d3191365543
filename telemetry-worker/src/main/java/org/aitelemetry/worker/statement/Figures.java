package org.aitelemetry.worker.statement;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * What a project, or a sum of projects, used and cost in a period, summed from its hourly rollup rows (each priced
 * with the prices in force in its hour).
 *
 * @param unmeteredGpuHours the allocated GPU-hours nothing measured (GPUs passed through to VMs): priced by allocation
 *                          on both bases, left out of the efficiency
 * @param idleCost          the allocation cost of the idle GPU-hours: each hour's cost times its idle share of
 *                          allocated time
 */
public record Figures(double allocatedGpuHours, double usedGpuHours, double idleGpuHours, double unmeteredGpuHours,
        double energyKwh, BigDecimal allocationCost, BigDecimal usageCost, BigDecimal idleCost) {

    public static final Figures ZERO =
            new Figures(0, 0, 0, 0, 0, BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO);

    /** Used over metered allocated GPU-hours, 0–1; empty (null) when no metered GPU-hour was allocated. */
    public Double efficiency() {
        double metered = allocatedGpuHours - unmeteredGpuHours;
        return metered > 0 ? usedGpuHours / metered : null;
    }

    public boolean hasUse() {
        return allocatedGpuHours > 0 || energyKwh > 0 || allocationCost.signum() != 0;
    }

    public Figures plus(Figures other) {
        return new Figures(allocatedGpuHours + other.allocatedGpuHours, usedGpuHours + other.usedGpuHours,
                idleGpuHours + other.idleGpuHours, unmeteredGpuHours + other.unmeteredGpuHours,
                energyKwh + other.energyKwh,
                allocationCost.add(other.allocationCost), usageCost.add(other.usageCost), idleCost.add(other.idleCost));
    }

    /** Money as stored: four decimals. */
    static BigDecimal money(BigDecimal amount) {
        return amount.setScale(4, RoundingMode.HALF_UP);
    }
}
