package org.aitelemetry.devkit.fleet;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;

/** Draws a {@link FleetDefinition} from a spec; one seeded {@link Random} makes every choice, in a fixed order. */
final class FleetGenerator {

    private static final List<String> DRIVER_VERSIONS = List.of("550.127.08", "570.133.20");
    private static final List<String> KERNEL_VERSIONS = List.of("5.14.0-427.50.1.el9_4.x86_64", "5.14.0-570.25.1.el9_6.x86_64");
    private static final String OS_IMAGE = "Red Hat Enterprise Linux CoreOS 418.94.202507091512-0";
    /** PCI buses of the eight GPUs of an HGX H100 board. */
    private static final int[] HGX_BUSES = {0x18, 0x2A, 0x3A, 0x5D, 0x9A, 0xAB, 0xBA, 0xDB};
    private static final List<Workload> WORKLOADS = List.of(new Workload("train", "trainer"),
            new Workload("finetune", "trainer"), new Workload("notebook", "notebook"), new Workload("eval", "evaluator"));
    private static final int[] GPUS_PER_POD = {1, 2, 4, 8};
    private static final long GIB = 1L << 30;
    private static final long[] VOLUME_SIZES = {100 * GIB, 500 * GIB, 1024 * GIB};

    private final FleetSpec spec;
    private final Random random;
    private int blankDevicesLeft;

    FleetGenerator(FleetSpec spec) {
        this.spec = spec;
        this.random = new Random(spec.seed());
        this.blankDevicesLeft = spec.blankDevices();
    }

    FleetDefinition generate() {
        List<FleetNode> nodes = new ArrayList<>();
        List<FleetDevice> devices = new ArrayList<>();
        List<FleetProject> projects = new ArrayList<>();
        List<FleetPod> pods = new ArrayList<>();
        List<FleetVolume> volumes = new ArrayList<>();
        VmGenerator vms = new VmGenerator(spec);
        AmdGenerator amd = new AmdGenerator(spec);
        for (ClusterSpec cluster : spec.clusters()) {
            List<FleetNode> clusterNodes = nodes(cluster.name());
            List<FleetDevice> clusterDevices = devices(clusterNodes);
            List<FleetProject> clusterProjects = projects(cluster.name());
            nodes.addAll(clusterNodes);
            devices.addAll(clusterDevices);
            projects.addAll(clusterProjects);
            List<FleetPod> clusterPods = pods(clusterNodes, clusterDevices, clusterProjects);
            pods.addAll(clusterPods);
            volumes.addAll(volumes(clusterProjects));
            vms.draw(cluster.name(), clusterNodes.get(0), clusterProjects);
            amd.draw(spec.clusters().indexOf(cluster), clusterNodes.get(0), clusterProjects, clusterPods);
        }
        pods.addAll(amd.pods());
        return new FleetDefinition(spec, nodes, devices, projects, pods, volumes, vms.nodes(), vms.vms(),
                amd.nodes(), amd.devices());
    }

    private List<FleetNode> nodes(String cluster) {
        String kernel = pick(KERNEL_VERSIONS);
        List<FleetNode> nodes = new ArrayList<>();
        for (int i = 0; i < spec.nodesPerCluster(); i++) {
            nodes.add(new FleetNode(cluster, String.format("worker-gpu-%04d", i + 1), pick(spec.models()),
                    pick(DRIVER_VERSIONS), kernel, OS_IMAGE, "nvidia-dcgm-exporter-" + suffix()));
        }
        return nodes;
    }

    /** Exactly {@code migShare} of the cluster's GPUs, chosen at random, are in MIG mode, with the layouts in turn. */
    private List<FleetDevice> devices(List<FleetNode> nodes) {
        int count = nodes.size() * spec.gpusPerNode();
        List<Integer> order = new ArrayList<>(IntStream.range(0, count).boxed().toList());
        Collections.shuffle(order, random);
        Set<Integer> migPositions = new HashSet<>(order.subList(0, (int) Math.round(spec.migShare() * count)));
        List<FleetDevice> devices = new ArrayList<>();
        int migDevices = 0;
        for (int position = 0; position < count; position++) {
            FleetNode node = nodes.get(position / spec.gpusPerNode());
            int index = position % spec.gpusPerNode();
            String uuid = uuid();
            List<MigSlice> slices = new ArrayList<>();
            if (migPositions.contains(position)) {
                MigLayout layout = spec.migLayouts().get(migDevices++ % spec.migLayouts().size());
                layout.instances().forEach(instance ->
                        slices.add(new MigSlice(uuid, instance.gpuInstanceId(), instance.profile())));
            }
            boolean blank = slices.isEmpty() && blankDevicesLeft > 0;
            if (blank) {
                blankDevicesLeft--;
            }
            devices.add(new FleetDevice(uuid, node, index, pciBusId(index), slices, blank));
        }
        return devices;
    }

    private List<FleetProject> projects(String cluster) {
        Set<Integer> withVllm = chosen(spec.projectsPerCluster(), spec.facts().vllmProjects());
        return IntStream.range(0, spec.projectsPerCluster())
                .mapToObj(i -> new FleetProject(cluster, FleetProject.namespace(i), withVllm.contains(i),
                        ColdFrontAllocation.of(i)))
                .toList();
    }

    /** Whole-GPU pods take runs of 1, 2, 4 or 8 free GPUs of one node; every allocated MIG slice gets its own pod. */
    private List<FleetPod> pods(List<FleetNode> nodes, List<FleetDevice> devices, List<FleetProject> projects) {
        List<PodDraft> drafts = new ArrayList<>();
        Set<String> podNames = new HashSet<>();
        for (int n = 0; n < nodes.size(); n++) {
            FleetNode node = nodes.get(n);
            List<FleetDevice> onNode = devices.subList(n * spec.gpusPerNode(), (n + 1) * spec.gpusPerNode());
            int i = 0;
            while (i < onNode.size()) {
                int run = wholeGpusFrom(onNode, i);
                if (run > 0 && random.nextDouble() < spec.allocatedShare()) {
                    int size = Math.min(run, GPUS_PER_POD[random.nextInt(GPUS_PER_POD.length)]);
                    drafts.add(draft(node, projects, podNames, onNode.subList(i, i + size), List.of()));
                    i += size;
                } else {
                    i++;
                }
            }
            for (FleetDevice device : onNode) {
                for (MigSlice slice : device.slices()) {
                    if (random.nextDouble() < spec.allocatedShare()) {
                        drafts.add(draft(node, projects, podNames, List.of(), List.of(slice)));
                    }
                }
            }
        }
        Set<Integer> restarting = chosen(drafts.size(), spec.facts().restartingPods());
        Set<Integer> terminating = chosen(drafts.size(), spec.facts().terminatingPods());
        return IntStream.range(0, drafts.size())
                .mapToObj(i -> drafts.get(i).pod(restarting.contains(i), terminating.contains(i)))
                .toList();
    }

    /** How many GPUs from {@code start} on are whole GPUs (not in MIG mode), so one pod can hold them together. */
    private static int wholeGpusFrom(List<FleetDevice> onNode, int start) {
        int run = 0;
        while (start + run < onNode.size() && !onNode.get(start + run).mig()) {
            run++;
        }
        return run;
    }

    private PodDraft draft(FleetNode node, List<FleetProject> projects, Set<String> podNames, List<FleetDevice> devices,
            List<MigSlice> slices) {
        FleetProject project = pick(projects);
        Workload workload = pick(WORKLOADS);
        String name;
        do {
            name = workload.podPrefix() + "-" + suffix();
        } while (!podNames.add(project.namespace() + "/" + name));
        return new PodDraft(project, name, workload.container(), node, devices, slices, spec.usageMix().pick(random));
    }

    private List<FleetVolume> volumes(List<FleetProject> projects) {
        Set<Integer> full = chosen(projects.size(), spec.facts().fullVolumes());
        List<FleetVolume> volumes = new ArrayList<>();
        for (int i = 0; i < projects.size(); i++) {
            long capacity = VOLUME_SIZES[random.nextInt(VOLUME_SIZES.length)];
            double usedShare = full.contains(i) ? 0.97 : 0.05 + 0.75 * random.nextDouble();
            volumes.add(new FleetVolume(projects.get(i), "workspace", capacity, (long) (capacity * usedShare)));
        }
        return volumes;
    }

    /** {@code wanted} distinct indexes below {@code size} (fewer if there are fewer). */
    private Set<Integer> chosen(int size, int wanted) {
        List<Integer> indexes = new ArrayList<>(IntStream.range(0, size).boxed().toList());
        Collections.shuffle(indexes, random);
        return new HashSet<>(indexes.subList(0, Math.min(size, wanted)));
    }

    private String uuid() {
        long high = random.nextLong();
        long low = random.nextLong();
        return String.format("GPU-%08x-%04x-%04x-%04x-%012x", high >>> 32, (high >>> 16) & 0xFFFF, high & 0xFFFF,
                low >>> 48, low & 0xFFFF_FFFF_FFFFL);
    }

    private static String pciBusId(int index) {
        int bus = index < HGX_BUSES.length ? HGX_BUSES[index] : index;
        return String.format("00000000:%02X:00.0", bus);
    }

    private String suffix() {
        return podNameSuffix(random);
    }

    /** Five lowercase letters and digits, like the random tail of a Kubernetes pod name. */
    static String podNameSuffix(Random random) {
        String alphabet = "bcdfghjklmnpqrstvwxz2456789";
        StringBuilder suffix = new StringBuilder(5);
        for (int i = 0; i < 5; i++) {
            suffix.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return suffix.toString();
    }

    private <T> T pick(List<T> choices) {
        return choices.get(random.nextInt(choices.size()));
    }

    private record Workload(String podPrefix, String container) {
    }

    private record PodDraft(FleetProject project, String name, String container, FleetNode node,
            List<FleetDevice> devices, List<MigSlice> slices, UsageProfile usage) {

        FleetPod pod(boolean restarting, boolean terminating) {
            return new FleetPod(project, name, container, node, devices, slices, FleetPod.nvidiaResource(slices), usage,
                    restarting, terminating);
        }
    }
}
