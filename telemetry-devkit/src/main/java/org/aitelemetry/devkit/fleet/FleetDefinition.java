package org.aitelemetry.devkit.fleet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The ground truth of a simulated fleet: what a test expects the platform to find. Built deterministically from a
 * {@link FleetSpec}; lists keep the order in which the fleet was generated (cluster, node, GPU index).
 */
public final class FleetDefinition {

    private final FleetSpec spec;
    private final List<FleetNode> nodes;
    private final List<FleetDevice> devices;
    private final List<FleetProject> projects;
    private final List<FleetPod> pods;
    private final List<FleetVolume> volumes;
    private final List<FleetVmNode> vmNodes;
    private final List<FleetVm> virtualMachines;
    private final List<FleetNode> amdNodes;
    private final List<AmdDevice> amdDevices;
    private final Map<String, AmdDevice> amdDevicesByUuid = new HashMap<>();
    private final Map<String, List<FleetDevice>> amdBoardsBySerial = new HashMap<>();
    private final Map<String, FleetDevice> devicesByUuid = new HashMap<>();
    private final Map<String, FleetPod> podsByDeviceUuid = new HashMap<>();
    private final Map<MigSlice, FleetPod> podsBySlice = new HashMap<>();

    FleetDefinition(FleetSpec spec, List<FleetNode> nodes, List<FleetDevice> devices, List<FleetProject> projects,
            List<FleetPod> pods, List<FleetVolume> volumes, List<FleetVmNode> vmNodes, List<FleetVm> virtualMachines,
            List<FleetNode> amdNodes, List<AmdDevice> amdDevices) {
        this.spec = spec;
        this.nodes = List.copyOf(nodes);
        this.devices = List.copyOf(devices);
        this.projects = List.copyOf(projects);
        this.pods = List.copyOf(pods);
        this.volumes = List.copyOf(volumes);
        this.vmNodes = List.copyOf(vmNodes);
        this.virtualMachines = List.copyOf(virtualMachines);
        this.amdNodes = List.copyOf(amdNodes);
        this.amdDevices = List.copyOf(amdDevices);
        devices.forEach(device -> devicesByUuid.put(device.uuid(), device));
        for (AmdDevice amd : amdDevices) {
            amdDevicesByUuid.put(amd.device().uuid(), amd);
            amdBoardsBySerial.computeIfAbsent(amd.serial(), serial -> new ArrayList<>()).add(amd.device());
        }
        for (FleetPod pod : pods) {
            pod.devices().forEach(device -> podsByDeviceUuid.put(device.uuid(), pod));
            pod.slices().forEach(slice -> podsBySlice.put(slice, pod));
        }
    }

    public static FleetDefinition generate(FleetSpec spec) {
        return new FleetGenerator(spec).generate();
    }

    public FleetSpec spec() {
        return spec;
    }

    public List<ClusterSpec> clusters() {
        return spec.clusters();
    }

    public List<FleetNode> nodes() {
        return nodes;
    }

    public List<FleetNode> nodes(String cluster) {
        return nodes.stream().filter(node -> node.cluster().equals(cluster)).toList();
    }

    /** A GPU node, NVIDIA or AMD. */
    public FleetNode node(String cluster, String name) {
        return Stream.concat(nodes.stream(), amdNodes.stream())
                .filter(node -> node.cluster().equals(cluster) && node.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new NoSuchElementException("no node " + name + " in " + cluster));
    }

    public List<FleetDevice> devices() {
        return devices;
    }

    public List<FleetDevice> devices(String cluster) {
        return devices.stream().filter(device -> device.cluster().equals(cluster)).toList();
    }

    public List<FleetDevice> devicesOn(FleetNode node) {
        return devices.stream().filter(device -> device.node().equals(node)).toList();
    }

    public FleetDevice device(String uuid) {
        FleetDevice device = devicesByUuid.get(uuid);
        if (device == null) {
            throw new NoSuchElementException("no GPU " + uuid);
        }
        return device;
    }

    public List<MigSlice> slices() {
        return devices.stream().flatMap(device -> device.slices().stream()).toList();
    }

    public List<MigSlice> slices(String cluster) {
        return devices(cluster).stream().flatMap(device -> device.slices().stream()).toList();
    }

    public List<FleetProject> projects() {
        return projects;
    }

    public List<FleetProject> projects(String cluster) {
        return projects.stream().filter(project -> project.cluster().equals(cluster)).toList();
    }

    public List<FleetPod> pods() {
        return pods;
    }

    public List<FleetPod> pods(String cluster) {
        return pods.stream().filter(pod -> pod.project().cluster().equals(cluster)).toList();
    }

    public List<FleetVolume> volumes() {
        return volumes;
    }

    /** Nodes whose GPUs are passed through to VMs; not among {@link #nodes()}, which dcgm-exporter reports on. */
    public List<FleetVmNode> vmNodes() {
        return vmNodes;
    }

    public List<FleetVmNode> vmNodes(String cluster) {
        return vmNodes.stream().filter(node -> node.cluster().equals(cluster)).toList();
    }

    /** The KubeVirt VMs holding passthrough GPUs, by cluster and VM node. */
    public List<FleetVm> virtualMachines() {
        return virtualMachines;
    }

    public List<FleetVm> virtualMachines(String cluster) {
        return virtualMachines.stream().filter(vm -> vm.cluster().equals(cluster)).toList();
    }

    /** Nodes with AMD GPUs; not among {@link #nodes()}, which dcgm-exporter reports on. */
    public List<FleetNode> amdNodes() {
        return amdNodes;
    }

    public List<FleetNode> amdNodes(String cluster) {
        return amdNodes.stream().filter(node -> node.cluster().equals(cluster)).toList();
    }

    /** The AMD exporter's GPUs (whole GPUs and partitions), by cluster, node and {@code gpu_id}. */
    public List<AmdDevice> amdDevices() {
        return amdDevices;
    }

    public List<AmdDevice> amdDevices(String cluster) {
        return amdDevices.stream().filter(device -> device.cluster().equals(cluster)).toList();
    }

    public List<AmdDevice> amdDevicesOn(FleetNode node) {
        return amdDevices.stream().filter(device -> device.node().equals(node)).toList();
    }

    /** Whether the exporter device is an AMD GPU or partition. */
    public boolean isAmd(FleetDevice device) {
        return amdDevicesByUuid.containsKey(device.uuid());
    }

    /** The board an AMD GPU or partition is on, as the exporter's devices: itself, or all its board's partitions. */
    public List<FleetDevice> amdBoard(AmdDevice amd) {
        return amdBoardsBySerial.get(amd.serial());
    }

    /** The extended resource a pod holding this GPU (NVIDIA or AMD) or MIG slice requests. */
    public String resource(FleetDevice device, MigSlice slice) {
        AmdDevice amd = amdDevicesByUuid.get(device.uuid());
        return amd != null ? amd.resource() : FleetPod.nvidiaResource(slice == null ? List.of() : List.of(slice));
    }

    public Optional<FleetPod> podUsing(FleetDevice device) {
        return Optional.ofNullable(podsByDeviceUuid.get(device.uuid()));
    }

    public Optional<FleetPod> podUsing(MigSlice slice) {
        return Optional.ofNullable(podsBySlice.get(slice));
    }

    /** Series per dcgm-exporter family of a cluster: one per GPU, except that a MIG GPU has one per GPU instance. */
    public int dcgmSeriesCount(String cluster) {
        return devices(cluster).stream().mapToInt(device -> device.mig() ? device.slices().size() : 1).sum();
    }
}
