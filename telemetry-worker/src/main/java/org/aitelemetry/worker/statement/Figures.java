package org.aitelemetry.worker.statement;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * What a project, or a sum of projects, used and cost in a period, summed from its hourly rollup rows (each priced
 * with the prices in force in its hour).
 *
 * @param idleCost the allocation cost of the idle GPU-hours: each hour's cost times its idle share of allocated time
 */
public record Figures(double allocatedGpuHours, double usedGpuHours, double idleGpuHours, double energyKwh,
        BigDecimal allocationCost, BigDecimal usageCost, BigDecimal idleCost) {

    public static final Figures ZERO = new Figures(0, 0, 0, 0, BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO);

    /** Used over allocated GPU-hours, 0–1; empty (null) when nothing was allocated. */
    public Double efficiency() {
        return allocatedGpuHours > 0 ? usedGpuHours / allocatedGpuHours : null;
    }

    public boolean hasUse() {
        return allocatedGpuHours > 0 || energyKwh > 0 || allocationCost.signum() != 0;
    }

    public Figures plus(Figures other) {
        return new Figures(allocatedGpuHours + other.allocatedGpuHours, usedGpuHours + other.usedGpuHours,
                idleGpuHours + other.idleGpuHours, energyKwh + other.energyKwh,
                allocationCost.add(other.allocationCost), usageCost.add(other.usageCost), idleCost.add(other.idleCost));
    }

    /** Money as stored: four decimals. */
    static BigDecimal money(BigDecimal amount) {
        return amount.setScale(4, RoundingMode.HALF_UP);
    }
}
