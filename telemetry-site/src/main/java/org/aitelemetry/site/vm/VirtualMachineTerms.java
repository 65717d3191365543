package org.aitelemetry.site.vm;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.ngsild.NgsiLdTerm;
import org.aitelemetry.site.ngsild.NgsiLdTerms;

/** NGSI-LD terms of virtual machines with GPUs passed through to them. */
@ApplicationScoped
public class VirtualMachineTerms implements NgsiLdTerms {

    static final NgsiLdTerm GPU_RESOURCE = NgsiLdTerm.of("gpuResource",
            "The device plugin resource the virtual machine's GPUs are requested as, e.g."
                    + " nvidia.com/GH100_H100_SXM5_80GB.");
    static final NgsiLdTerm GPUS = NgsiLdTerm.measured("gpus", "GPUs passed through to the virtual machine.", "C62",
            "count");
    static final NgsiLdTerm PHASE = NgsiLdTerm.of("phase",
            "KubeVirt's phase of the virtual machine instance, e.g. running; absent without KubeVirt's metrics.");
    static final NgsiLdTerm GUEST_OS = NgsiLdTerm.of("guestOs", "The guest operating system, as KubeVirt reports it.");
    static final NgsiLdTerm INSTANCE_TYPE = NgsiLdTerm.of("instanceType",
            "The KubeVirt instance type the virtual machine was made from.");
    static final NgsiLdTerm USAGE_BASIS = NgsiLdTerm.of("usageBasis",
            "What the object's GPU-hours rest on. ALLOCATION: GPUs held × time, as no reading comes from inside a"
                    + " virtual machine; never utilisation.");
    static final NgsiLdTerm FIRST_SEEN_AT = NgsiLdTerm.of("firstSeenAt",
            "First time the metric source reported the object.");
    static final NgsiLdTerm ALLOCATED_LAST_30_DAYS = NgsiLdTerm.measured("allocatedLast30Days",
            "GPU-hours allocated and their cost over the last 30 days (from, to, gpuHoursAllocated, cost, currency).",
            null, "GPU-hour");

    @Override
    public List<NgsiLdTerm> terms() {
        return List.of(GPU_RESOURCE, GPUS, PHASE, GUEST_OS, INSTANCE_TYPE, USAGE_BASIS, FIRST_SEEN_AT,
                ALLOCATED_LAST_30_DAYS);
    }
}
