package org.aitelemetry.site.vm;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Duration;
import org.aitelemetry.site.ngsild.NgsiLdEntity;
import org.aitelemetry.site.ngsild.NgsiLdRepresentable;

/** A virtual machine with what its GPUs were allocated lately (schema {@code VirtualMachineDetail}). */
public record VirtualMachineDetail(@JsonUnwrapped VirtualMachineView virtualMachine,
        VirtualMachineAllocation allocatedLast30Days) implements NgsiLdRepresentable {

    /** How far back {@link #allocatedLast30Days} reaches: well inside the hourly rollups' retention (90 days). */
    static final Duration ALLOCATION_WINDOW = Duration.ofDays(30);

    @Override
    public NgsiLdEntity toNgsiLd() {
        return virtualMachine.toNgsiLd().property(VirtualMachineTerms.ALLOCATED_LAST_30_DAYS, allocatedLast30Days);
    }
}
