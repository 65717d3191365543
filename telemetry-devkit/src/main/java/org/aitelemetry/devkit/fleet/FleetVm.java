package org.aitelemetry.devkit.fleet;

/**
 * A running KubeVirt virtual machine instance holding GPUs of a {@link FleetVmNode} through passthrough. Its
 * virt-launcher pod requests them (container {@code compute}); dcgm-exporter never sees them. The KubeVirt facts are
 * as {@code kubevirt_vmi_info} publishes them, {@value #NONE} where the VM has none (a VM made from a template has no
 * instance type, one made from an instance type has no template's os, workload and flavor).
 *
 * @param launcherPod  {@code virt-launcher-<name>-<5 random characters>}
 * @param gpus         how many of its node's GPUs it holds
 * @param instanceType the VirtualMachineInstancetype, e.g. {@code gn1.4xlarge}
 * @param preference   the VirtualMachinePreference, e.g. {@code rhel.9}
 * @param os           the template's {@code vm.kubevirt.io/os} annotation, e.g. {@code rhel9}
 * @param workload     the template's {@code vm.kubevirt.io/workload} annotation
 * @param flavor       the template's {@code vm.kubevirt.io/flavor} annotation
 * @param guestOs      what the guest agent reports
 */
public record FleetVm(FleetProject project, String name, String launcherPod, FleetVmNode node, int gpus,
        String instanceType, String preference, String os, String workload, String flavor, GuestOs guestOs) {

    /** KubeVirt's value for a fact the VM does not have. */
    public static final String NONE = "<none>";
    /** The container of the launcher pod that runs the VM and holds its devices. */
    public static final String COMPUTE_CONTAINER = "compute";

    /** The operating system inside the VM, as the QEMU guest agent reports it; {@code machine} is QEMU's. */
    public record GuestOs(String name, String versionId, String kernelRelease, String machine, String arch) {
    }

    public String cluster() {
        return project.cluster();
    }

    public String namespace() {
        return project.namespace();
    }

    /** The extended resource its launcher pod requests, unsanitised: {@code nvidia.com/GH100_H100_SXM5_80GB}. */
    public String gpuResource() {
        return node.gpuResource();
    }

    /** {@link #gpuResource()} as kube-state-metrics spells it in {@code resource}. */
    public String resourceLabel() {
        return node.resourceLabel();
    }
}
