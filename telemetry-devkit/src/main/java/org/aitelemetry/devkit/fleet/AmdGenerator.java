package org.aitelemetry.devkit.fleet;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Draws each cluster's AMD nodes, eight GPUs each, and the pods holding them. Every node is an MI300X in SPX/NPS1,
 * except that:
 * <ul>
 * <li>a cluster's first AMD node runs its GPUs 4–7 in CPX/NPS4 (the device plugin in mixed mode), so one node offers
 * both {@code amd.com/gpu} and {@code amd.com/cpx_nps4} and a single AMD node per cluster shows both kinds;
 * <li>the last AMD node of every second cluster (the second, fourth, …) is an MI250X, for the MI2xx spellings;
 * <li>GPU 1 of the first cluster's first AMD node publishes the pre-v1.4 sentinels ({@link AmdDevice#SENTINEL}).
 * </ul>
 * It draws from its own {@link Random}, seeded from the fleet's seed, so adding AMD nodes leaves the NVIDIA fleet as
 * it was.
 */
final class AmdGenerator {

    static final int GPUS_PER_NODE = 8;
    private static final int FIRST_PARTITIONED_GPU = 4;
    private static final int SENTINEL_GPU = 1;
    private static final List<String> DRIVER_VERSIONS = List.of("6.10.5", "6.12.12");
    /** PCI buses of the eight OAMs of an MI300X platform. */
    private static final int[] BUSES = {0x05, 0x15, 0x65, 0x75, 0x85, 0x95, 0xE5, 0xF5};
    private static final int[] GPUS_PER_POD = {1, 2, 4, 8};
    private static final List<String> POD_PREFIXES = List.of("train", "finetune", "notebook", "eval");
    private static final List<String> CONTAINERS = List.of("trainer", "trainer", "notebook", "evaluator");

    private final FleetSpec spec;
    private final Random random;
    private final Set<String> serials = new HashSet<>();
    private final List<FleetNode> nodes = new ArrayList<>();
    private final List<AmdDevice> devices = new ArrayList<>();
    private final List<FleetPod> pods = new ArrayList<>();

    AmdGenerator(FleetSpec spec) {
        this.spec = spec;
        this.random = new Random(spec.seed() * 31 + "amd instinct".hashCode());
    }

    /** Draws the {@code clusterIndex}-th cluster's AMD nodes, their GPUs and pods, beside the cluster's other pods. */
    void draw(int clusterIndex, FleetNode gpuNode, List<FleetProject> projects, List<FleetPod> clusterPods) {
        Set<String> podNames = new HashSet<>();
        clusterPods.forEach(pod -> podNames.add(pod.namespace() + "/" + pod.name()));
        int count = spec.amdNodesPerCluster();
        for (int i = 0; i < count; i++) {
            AmdModel model = clusterIndex % 2 == 1 && i == count - 1 ? AmdModel.MI250X : AmdModel.MI300X_OAM;
            FleetNode node = new FleetNode(gpuNode.cluster(), String.format("worker-amd-%04d", i + 1), model.gpu(),
                    DRIVER_VERSIONS.get(random.nextInt(DRIVER_VERSIONS.size())), gpuNode.kernelVersion(),
                    gpuNode.osImage(), "amd-gpu-metrics-exporter-" + FleetGenerator.podNameSuffix(random));
            nodes.add(node);
            List<AmdDevice> onNode = devices(node, model, i == 0, clusterIndex == 0 && i == 0);
            devices.addAll(onNode);
            pods(node, onNode, projects, podNames);
        }
    }

    private List<AmdDevice> devices(FleetNode node, AmdModel model, boolean mixed, boolean withSentinel) {
        List<AmdDevice> onNode = new ArrayList<>();
        int gpuId = 0;
        for (int gpu = 0; gpu < GPUS_PER_NODE; gpu++) {
            AmdPartitioning partitioning = mixed && model.partitionable() && gpu >= FIRST_PARTITIONED_GPU
                    ? AmdPartitioning.CPX_NPS4 : AmdPartitioning.SPX_NPS1;
            String serial = serial();
            String pciBusId = String.format("0000:%02x:00.0", BUSES[gpu]);
            boolean sentinel = withSentinel && gpu == SENTINEL_GPU;
            for (int partition = 0; partition < partitioning.partitions(); partition++) {
                FleetDevice device = new FleetDevice(uuid(model, partition), node, gpuId++, pciBusId, List.of(),
                        sentinel);
                onNode.add(new AmdDevice(device, model, serial, partitioning, partition,
                        model.gpu().memoryMiB() / partitioning.partitions()));
            }
        }
        return onNode;
    }

    /** Whole GPUs go to pods in runs of 1, 2, 4 or 8; every allocated partition gets its own pod. */
    private void pods(FleetNode node, List<AmdDevice> onNode, List<FleetProject> projects, Set<String> podNames) {
        int i = 0;
        while (i < onNode.size()) {
            int run = 0;
            while (i + run < onNode.size() && !onNode.get(i + run).partition()) {
                run++;
            }
            boolean allocated = random.nextDouble() < spec.allocatedShare();
            int size = run == 0 ? 1 : Math.min(run, GPUS_PER_POD[random.nextInt(GPUS_PER_POD.length)]);
            if (allocated) {
                List<FleetDevice> held = onNode.subList(i, i + size).stream().map(AmdDevice::device).toList();
                pods.add(pod(node, projects, podNames, held, onNode.get(i).resource()));
            }
            i += allocated ? size : 1;
        }
    }

    private FleetPod pod(FleetNode node, List<FleetProject> projects, Set<String> podNames, List<FleetDevice> held,
            String resource) {
        FleetProject project = projects.get(random.nextInt(projects.size()));
        int workload = random.nextInt(POD_PREFIXES.size());
        String name;
        do {
            name = POD_PREFIXES.get(workload) + "-" + FleetGenerator.podNameSuffix(random);
        } while (!podNames.add(project.namespace() + "/" + name));
        return new FleetPod(project, name, CONTAINERS.get(workload), node, held, List.of(), resource,
                spec.usageMix().pick(random), false, false);
    }

    /** Twelve digits, unique in the fleet, like the serial numbers AMD SMI reads from the board. */
    private String serial() {
        String serial;
        do {
            serial = String.format("%012d", 100_000_000_000L + (long) (random.nextDouble() * 900_000_000_000L));
        } while (!serials.add(serial));
        return serial;
    }

    /** AMD SMI's UUID form, which carries the PCI device id; a partition's differs from its board's. */
    private String uuid(AmdModel model, int partition) {
        long low = random.nextLong();
        return String.format("%02xff%s-0000-%d000-80%02x-%012x", random.nextInt(256), model.pciDeviceId(),
                partition == 0 ? 1 : 0, (low >>> 48) & 0xFF, low & 0xFFFF_FFFF_FFFFL);
    }

    List<FleetNode> nodes() {
        return nodes;
    }

    List<AmdDevice> devices() {
        return devices;
    }

    List<FleetPod> pods() {
        return pods;
    }
}
