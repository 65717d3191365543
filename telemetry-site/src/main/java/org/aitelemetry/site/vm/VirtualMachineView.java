package org.aitelemetry.site.vm;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.OffsetDateTime;
import org.aitelemetry.site.ngsild.CommonTerms;
import org.aitelemetry.site.ngsild.NgsiLdEntity;
import org.aitelemetry.site.ngsild.NgsiLdRepresentable;

/**
 * The wire model of a KubeVirt virtual machine with GPUs passed through to it (schema {@code VirtualMachine}):
 * {@code cluster} is where it runs, {@code namespace} its research project's; {@code phase}, {@code guestOs} and
 * {@code instanceType} are what KubeVirt's metrics say, null where they say nothing.
 */
public record VirtualMachineView(long id, long clusterId, String cluster, long projectId, String namespace,
        String name, String launcherPod, String node, String gpuResource, String gpuModel, int gpus, String phase,
        String guestOs, String instanceType, String state, OffsetDateTime firstSeenAt, OffsetDateTime lastSeenAt)
        implements NgsiLdRepresentable {

    /** The only basis a VM's hours have: dcgm-exporter cannot see inside a VM, so there is no reading to use. */
    public static final String ALLOCATION_BASIS = "ALLOCATION";

    /** What the VM's hours rest on: GPUs held × time, never utilisation. */
    @JsonProperty("usageBasis")
    public String usageBasis() {
        return ALLOCATION_BASIS;
    }

    @Override
    public NgsiLdEntity toNgsiLd() {
        return NgsiLdEntity.of(CommonTerms.VIRTUAL_MACHINE, cluster, namespace, name)
                .relationship(CommonTerms.CLUSTER, CommonTerms.AI_CLUSTER, cluster)
                .relationship(CommonTerms.PROJECT, CommonTerms.RESEARCH_PROJECT, cluster, namespace)
                .relationship(CommonTerms.NODE, CommonTerms.AI_NODE, cluster, node)
                .property(CommonTerms.NAME, name)
                .property(CommonTerms.POD, launcherPod)
                .property(VirtualMachineTerms.GPU_RESOURCE, gpuResource)
                .property(CommonTerms.GPU_MODEL, gpuModel)
                .property(VirtualMachineTerms.GPUS, gpus)
                .property(VirtualMachineTerms.PHASE, phase)
                .property(VirtualMachineTerms.GUEST_OS, guestOs)
                .property(VirtualMachineTerms.INSTANCE_TYPE, instanceType)
                .property(VirtualMachineTerms.USAGE_BASIS, usageBasis())
                .property(CommonTerms.STATE, state)
                .property(VirtualMachineTerms.FIRST_SEEN_AT, firstSeenAt)
                .property(CommonTerms.LAST_SEEN_AT, lastSeenAt);
    }
}
