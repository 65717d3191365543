package org.aitelemetry.site.vm;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A virtual machine's allocated GPU-hours and their cost over a window (schema {@code VirtualMachineAllocation}),
 * from its hourly rollups: GPUs held × time, the only figure a VM has.
 */
public record VirtualMachineAllocation(Instant from, Instant to, double gpuHoursAllocated, BigDecimal cost,
        String currency) {
}
