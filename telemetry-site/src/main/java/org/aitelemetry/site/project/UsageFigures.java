package org.aitelemetry.site.project;

import java.math.BigDecimal;

/** Usage over a bucket or a whole window (schema {@code UsageFigures}). */
public record UsageFigures(double gpuHoursAllocated, double gpuHoursUsed, double idleGpuHours,
        Double utilizationPercent, double energyKwh, BigDecimal cost, Double efficiency) {
}
