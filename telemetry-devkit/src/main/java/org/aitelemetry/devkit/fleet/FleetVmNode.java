package org.aitelemetry.devkit.fleet;

/**
 * A node whose GPUs are passed through to KubeVirt VMs (the GPU operator's {@code vm-passthrough} workload
 * configuration): no dcgm-exporter runs there and no {@code nvidia.com/gpu} is offered; the sandbox device plugin
 * offers each GPU as {@code nvidia.com/<PCI device name>}, and GPU feature discovery labels nothing.
 *
 * @param gpuDevice the PCI device name of its GPUs, e.g. {@code GH100_H100_SXM5_80GB}
 * @param gpus      how many it has, all of that device
 */
public record FleetVmNode(String cluster, String name, String gpuDevice, int gpus, String kernelVersion,
        String osImage) {

    /** The value of the node label {@code nvidia.com/gpu.workload.config} that sends its GPUs to VMs. */
    public static final String WORKLOAD_CONFIG = "vm-passthrough";

    /** The extended resource a VM's launcher pod requests: {@code nvidia.com/GH100_H100_SXM5_80GB}. */
    public String gpuResource() {
        return "nvidia.com/" + gpuDevice;
    }

    /** {@link #gpuResource()} as kube-state-metrics spells it: {@code nvidia_com_GH100_H100_SXM5_80GB}. */
    public String resourceLabel() {
        return KubeExposition.resourceLabel(gpuResource());
    }
}
