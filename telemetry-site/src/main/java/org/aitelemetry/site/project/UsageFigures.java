package org.aitelemetry.site.project;

import java.math.BigDecimal;

/**
 * Usage over a bucket or a whole window (schema {@code UsageFigures}). {@code unmeteredGpuHours} is the part of
 * {@code gpuHoursAllocated} with no reading behind it (GPUs passed through to virtual machines): utilization and
 * efficiency are over the metered rest.
 */
public record UsageFigures(double gpuHoursAllocated, double unmeteredGpuHours, double gpuHoursUsed,
        double idleGpuHours, Double utilizationPercent, double energyKwh, BigDecimal cost, Double efficiency) {
}
