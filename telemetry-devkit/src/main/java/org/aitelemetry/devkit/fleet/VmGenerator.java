package org.aitelemetry.devkit.fleet;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.aitelemetry.devkit.fleet.FleetVm.GuestOs;

/**
 * Draws each cluster's VM nodes and the two VMs on each, in the cluster's project namespaces: one made from an instance
 * type holding 4 GPUs, one made from a template holding 2, so 2 of the node's 8 GPUs stay free. It draws from its own
 * {@link Random}, seeded from the fleet's seed, so adding VM nodes to a spec leaves its GPU fleet as it was.
 */
final class VmGenerator {

    /** The PCI device name the sandbox device plugin gives an H100 SXM5 80GB. */
    static final String GPU_DEVICE = "GH100_H100_SXM5_80GB";
    static final int GPUS_PER_NODE = 8;
    private static final String QEMU_MACHINE = "pc-q35-rhel9.4.0";
    private static final List<Shape> SHAPES = List.of(
            new Shape("inference", 4, "gn1.4xlarge", "ubuntu", FleetVm.NONE, FleetVm.NONE, FleetVm.NONE,
                    new GuestOs("Ubuntu", "22.04", "5.15.0-119-generic", QEMU_MACHINE, "x86_64")),
            new Shape("training", 2, FleetVm.NONE, FleetVm.NONE, "rhel9", "server", "large",
                    new GuestOs("Red Hat Enterprise Linux", "9.4", "5.14.0-427.13.1.el9_4.x86_64", QEMU_MACHINE,
                            "x86_64")));

    private final FleetSpec spec;
    private final Random random;
    private final List<FleetVmNode> nodes = new ArrayList<>();
    private final List<FleetVm> vms = new ArrayList<>();

    VmGenerator(FleetSpec spec) {
        this.spec = spec;
        this.random = new Random(spec.seed() * 31 + "virtual machines".hashCode());
    }

    /** Draws a cluster's VM nodes, which run the kernel and OS image of its GPU nodes, and their VMs. */
    void draw(String cluster, FleetNode gpuNode, List<FleetProject> projects) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < spec.vmNodesPerCluster(); i++) {
            FleetVmNode node = new FleetVmNode(cluster, String.format("%s-vm-gpu-%02d", cluster, i + 1), GPU_DEVICE,
                    GPUS_PER_NODE, gpuNode.kernelVersion(), gpuNode.osImage());
            nodes.add(node);
            for (Shape shape : SHAPES) {
                FleetProject project = projects.get(random.nextInt(projects.size()));
                String name;
                do {
                    name = shape.namePrefix() + "-vm-" + FleetGenerator.podNameSuffix(random);
                } while (!names.add(project.namespace() + "/" + name));
                vms.add(new FleetVm(project, name, "virt-launcher-" + name + "-" + FleetGenerator.podNameSuffix(random),
                        node, shape.gpus(), shape.instanceType(), shape.preference(), shape.os(), shape.workload(),
                        shape.flavor(), shape.guestOs()));
            }
        }
    }

    List<FleetVmNode> nodes() {
        return nodes;
    }

    List<FleetVm> vms() {
        return vms;
    }

    /** How a VM is made: from an instance type and preference, or from a template (its os, workload and flavor). */
    private record Shape(String namePrefix, int gpus, String instanceType, String preference, String os,
            String workload, String flavor, GuestOs guestOs) {
    }
}
