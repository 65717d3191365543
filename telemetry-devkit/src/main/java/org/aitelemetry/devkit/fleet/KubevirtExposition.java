package org.aitelemetry.devkit.fleet;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * A cluster's KubeVirt page, as its {@code kubevirt-prometheus-metrics} Service serves it: one {@code kubevirt_vmi_info}
 * series per running VM instance, labelled as KubeVirt labels it. A stopped VM has no instance, so no series.
 */
final class KubevirtExposition {

    static final String VMI_INFO = "kubevirt_vmi_info";

    private final FleetDefinition fleet;
    private final FleetState state;

    KubevirtExposition(FleetDefinition fleet, FleetState state) {
        this.fleet = fleet;
        this.state = state;
    }

    void write(String cluster, OutputStream out) throws IOException {
        ExpositionWriter writer = new ExpositionWriter(out);
        write(fleet.virtualMachines(cluster).stream().filter(state::isRunning).toList(), writer);
        writer.finish();
    }

    /** The page of these running VMs. */
    static void write(List<FleetVm> vms, SampleSink writer) throws IOException {
        writer.family(VMI_INFO, "gauge", "Information about VirtualMachineInstances.");
        for (FleetVm vm : vms) {
            writer.sample(VMI_INFO, vmiInfo(vm), 1);
        }
    }

    /**
     * The labels of a running VM instance. A VM holding host devices cannot be live-migrated, so it is not evictable;
     * its launcher pod is {@code vmi_pod}.
     */
    static String vmiInfo(FleetVm vm) {
        FleetVm.GuestOs guest = vm.guestOs();
        return new Labels().add("node", vm.node().name()).add("namespace", vm.namespace()).add("name", vm.name())
                .add("phase", "running").add("os", vm.os()).add("workload", vm.workload()).add("flavor", vm.flavor())
                .add("instance_type", vm.instanceType()).add("preference", vm.preference())
                .add("guest_os_kernel_release", guest.kernelRelease()).add("guest_os_machine", guest.machine())
                .add("guest_os_arch", guest.arch()).add("guest_os_name", guest.name())
                .add("guest_os_version_id", guest.versionId()).add("evictable", "false").add("outdated", "false")
                .add("vmi_pod", vm.launcherPod()).toString();
    }
}
