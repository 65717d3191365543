package org.aitelemetry.devkit.fleet;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A cluster's Kubernetes-side families on one page: kube-state-metrics (nodes, GPU requests, restarts, deletions),
 * kubelet volume stats and vLLM's request latency histogram. Nodes taken away take their pods with them; volumes and
 * vLLM belong to projects and stay. VM nodes offer their passthrough GPUs under the device's own resource, and the
 * launcher pods of running VMs request them. AMD nodes are labelled by AMD's GPU operator, not NVIDIA's, and offer
 * {@code amd.com/gpu} and, for partitions, {@code amd.com/cpx_nps4}.
 */
final class KubeExposition {

    private static final String GAUGE = "gauge";
    /**
     * A restarting container restarts every second of clock time: far faster than a real crash loop, so that two
     * one-second scrapes already show {@code increase(kube_pod_container_status_restarts_total[15m]) > 0}.
     */
    private static final long RESTART_EVERY_SECONDS = 1;
    private static final double VLLM_REQUESTS_PER_SECOND = 2;
    private static final double VLLM_MEAN_LATENCY_SECONDS = 0.85;
    /** Upper bounds of the latency buckets and the share of requests under each. */
    private static final String[] VLLM_BUCKETS = {"0.5", "1.0", "5.0", "+Inf"};
    private static final double[] VLLM_BUCKET_SHARES = {0.3, 0.7, 0.98, 1};
    private static final String VLLM_MODEL = "meta-llama/Llama-3.1-8B-Instruct";
    private static final String VLLM_POD = "vllm-server-0";

    private final FleetDefinition fleet;
    private final FleetState state;
    private final long epochMillis;
    private final Map<FleetNode, Map<String, Long>> capacities;

    KubeExposition(FleetDefinition fleet, FleetState state) {
        this.fleet = fleet;
        this.state = state;
        this.epochMillis = fleet.spec().epoch().toEpochMilli();
        this.capacities = capacities(fleet);
    }

    void write(String cluster, Instant at, OutputStream out) throws IOException {
        List<FleetNode> nodes = Stream.concat(fleet.nodes(cluster).stream(), fleet.amdNodes(cluster).stream())
                .filter(state::isPresent).toList();
        List<FleetPod> pods = fleet.pods(cluster).stream().filter(pod -> state.isPresent(pod.node())).toList();
        List<FleetVm> vms = fleet.virtualMachines(cluster).stream().filter(state::isRunning).toList();
        ExpositionWriter writer = new ExpositionWriter(out);
        write(cluster, at, nodes, pods, vms, writer);
        writer.finish();
    }

    /** The page of a cluster with these nodes, pods and running VMs, as it read at {@code at}. */
    void write(String cluster, Instant at, List<FleetNode> nodes, List<FleetPod> pods, List<FleetVm> vms,
            SampleSink writer) throws IOException {
        long seconds = Math.max(0, (at.toEpochMilli() - epochMillis) / 1000);
        writeNodes(writer, nodes, fleet.vmNodes(cluster));
        writeNamespaces(writer, cluster);
        writePods(writer, pods, vms, seconds);
        writeVolumes(writer, cluster);
        writeVllm(writer, cluster, seconds);
    }

    private void writeNodes(SampleSink writer, List<FleetNode> nodes, List<FleetVmNode> vmNodes) throws IOException {
        writer.family("kube_node_info", GAUGE, "Information about a cluster node.");
        for (FleetNode node : nodes) {
            writer.sample("kube_node_info", nodeInfo(node.name(), node.kernelVersion(), node.osImage()), 1);
        }
        for (FleetVmNode node : vmNodes) {
            writer.sample("kube_node_info", nodeInfo(node.name(), node.kernelVersion(), node.osImage()), 1);
        }
        writeNodeLabels(writer, nodes, vmNodes);
        writeNodeCapacities(writer, nodes, vmNodes);
    }

    private void writeNodeLabels(SampleSink writer, List<FleetNode> nodes, List<FleetVmNode> vmNodes)
            throws IOException {
        writer.family("kube_node_labels", GAUGE, "Kubernetes labels converted to Prometheus labels.");
        for (FleetNode node : nodes) {
            Optional<AmdModel> amd = fleet.amdDevicesOn(node).stream().findFirst().map(AmdDevice::model);
            if (amd.isPresent()) {
                writer.sample("kube_node_labels", new Labels().add("node", node.name())
                        .add("label_amd_com_gpu_product_name", amd.get().productLabel()).toString(), 1);
                continue;
            }
            writer.sample("kube_node_labels", new Labels().add("node", node.name())
                    .add("label_nvidia_com_cuda_driver_major", node.cudaDriverMajor())
                    .add("label_nvidia_com_gpu_count", fleet.spec().gpusPerNode())
                    .add("label_nvidia_com_gpu_memory", node.model().memoryMiB())
                    .add("label_nvidia_com_gpu_product", node.model().productLabel()).toString(), 1);
        }
        // No GPU feature discovery on a VM node: its GPUs are bound to vfio-pci, so no product label either.
        for (FleetVmNode node : vmNodes) {
            writer.sample("kube_node_labels", new Labels().add("node", node.name())
                    .add("label_nvidia_com_gpu_workload_config", FleetVmNode.WORKLOAD_CONFIG).toString(), 1);
        }
    }

    private void writeNodeCapacities(SampleSink writer, List<FleetNode> nodes, List<FleetVmNode> vmNodes)
            throws IOException {
        writer.family("kube_node_status_capacity", GAUGE, "The capacity for different resources of a node.");
        for (FleetNode node : nodes) {
            for (Map.Entry<String, Long> resource : capacities.get(node).entrySet()) {
                writer.sample("kube_node_status_capacity", capacity(node.name(), resource.getKey()),
                        resource.getValue());
            }
        }
        for (FleetVmNode node : vmNodes) {
            writer.sample("kube_node_status_capacity", capacity(node.name(), node.resourceLabel()), node.gpus());
        }
    }

    private static String nodeInfo(String node, String kernelVersion, String osImage) {
        return new Labels().add("node", node).add("kernel_version", kernelVersion).add("os_image", osImage)
                .add("container_runtime_version", "cri-o://1.31.9").add("kubelet_version", "v1.31.9").toString();
    }

    private static String capacity(String node, String resourceLabel) {
        return new Labels().add("node", node).add("resource", resourceLabel).add("unit", "integer").toString();
    }

    /**
     * The project namespaces with the annotations and labels ColdFront wrote, as kube-state-metrics publishes them when
     * its allow-lists name them; every namespace has both series, with only {@code namespace} where it has none.
     */
    private void writeNamespaces(SampleSink writer, String cluster) throws IOException {
        writer.family("kube_namespace_annotations", GAUGE, "Kubernetes annotations converted to Prometheus labels.");
        for (FleetProject project : fleet.projects(cluster)) {
            Labels labels = new Labels().add("namespace", project.namespace());
            project.allocation().ifPresent(allocation -> labels.add("annotation_cf_pi", allocation.pi())
                    .add("annotation_cf_project_id", allocation.projectId())
                    .add("annotation_openshift_io_display_name", allocation.title())
                    .add("annotation_openshift_io_requester", allocation.pi()));
            writer.sample("kube_namespace_annotations", labels.toString(), 1);
        }
        writer.family("kube_namespace_labels", GAUGE, "Kubernetes labels converted to Prometheus labels.");
        for (FleetProject project : fleet.projects(cluster)) {
            Labels labels = new Labels().add("namespace", project.namespace());
            project.allocation().ifPresent(allocation -> labels.add("label_nerc_mghpcc_org_project", "true"));
            writer.sample("kube_namespace_labels", labels.toString(), 1);
        }
    }

    /**
     * The device plugins' mixed strategies: whole GPUs as {@code nvidia.com/gpu} or {@code amd.com/gpu}, MIG instances
     * per profile, AMD partitions per partition modes.
     */
    private static Map<FleetNode, Map<String, Long>> capacities(FleetDefinition fleet) {
        Map<FleetNode, Map<String, Long>> capacities = new HashMap<>();
        for (FleetDevice device : fleet.devices()) {
            Map<String, Long> capacity = capacities.computeIfAbsent(device.node(), node -> new TreeMap<>());
            capacity.merge(resourceLabel("nvidia.com/gpu"), device.mig() ? 0L : 1L, Long::sum);
            device.slices().forEach(slice -> capacity.merge(resourceLabel(slice.profile().resource()), 1L, Long::sum));
        }
        for (AmdDevice amd : fleet.amdDevices()) {
            capacities.computeIfAbsent(amd.node(), node -> new TreeMap<>())
                    .merge(resourceLabel(amd.resource()), 1L, Long::sum);
        }
        return capacities;
    }

    private void writePods(SampleSink writer, List<FleetPod> pods, List<FleetVm> vms, long seconds)
            throws IOException {
        writer.family("kube_pod_container_resource_requests", GAUGE,
                "The number of requested request resource by a container.");
        for (FleetPod pod : pods) {
            writer.sample("kube_pod_container_resource_requests", request(pod.namespace(), pod.name(), pod.container(),
                    pod.node().name(), resourceLabel(pod.resource())), pod.requested());
        }
        for (FleetVm vm : vms) {
            writer.sample("kube_pod_container_resource_requests", vmRequest(vm), vm.gpus());
        }
        writer.family("kube_pod_container_status_restarts_total", "counter",
                "The number of container restarts per container.");
        for (FleetPod pod : pods) {
            long restarts = pod.restarting() ? 1 + seconds / RESTART_EVERY_SECONDS : 0;
            writer.sample("kube_pod_container_status_restarts_total", container(pod.namespace(), pod.name(),
                    pod.container()), restarts);
        }
        for (FleetVm vm : vms) {
            writer.sample("kube_pod_container_status_restarts_total", container(vm.namespace(), vm.launcherPod(),
                    FleetVm.COMPUTE_CONTAINER), 0);
        }
        writer.family("kube_pod_deletion_timestamp", GAUGE, "Unix deletion timestamp");
        for (FleetPod pod : pods) {
            if (pod.terminating()) {
                writer.sample("kube_pod_deletion_timestamp", new Labels().add("namespace", pod.namespace())
                        .add("pod", pod.name()).toString(), epochMillis / 1000);
            }
        }
    }

    private void writeVolumes(SampleSink writer, String cluster) throws IOException {
        List<FleetVolume> volumes = fleet.volumes().stream().filter(v -> v.project().cluster().equals(cluster)).toList();
        writer.family("kubelet_volume_stats_capacity_bytes", GAUGE, "[ALPHA] Capacity in bytes of the volume");
        for (FleetVolume volume : volumes) {
            writer.sample("kubelet_volume_stats_capacity_bytes", volumeLabels(volume), volume.capacityBytes());
        }
        writer.family("kubelet_volume_stats_used_bytes", GAUGE, "[ALPHA] Number of used bytes in the volume");
        for (FleetVolume volume : volumes) {
            writer.sample("kubelet_volume_stats_used_bytes", volumeLabels(volume), volume.usedBytes());
        }
    }

    /** A steady request rate since the epoch, so the histogram's counters only grow. */
    private void writeVllm(SampleSink writer, String cluster, long seconds) throws IOException {
        String name = "vllm:e2e_request_latency_seconds";
        long requests = (long) (seconds * VLLM_REQUESTS_PER_SECOND);
        writer.family(name, "histogram", "Histogram of end to end request latency in seconds.");
        for (FleetProject project : fleet.projects(cluster)) {
            if (!project.vllm()) {
                continue;
            }
            String labels = new Labels().add("namespace", project.namespace()).add("pod", VLLM_POD)
                    .add("model_name", VLLM_MODEL).toString();
            for (int i = 0; i < VLLM_BUCKETS.length; i++) {
                writer.sample(name + "_bucket", labels + ",le=\"" + VLLM_BUCKETS[i] + '"',
                        (long) Math.floor(requests * VLLM_BUCKET_SHARES[i]));
            }
            writer.sample(name + "_sum", labels, requests * VLLM_MEAN_LATENCY_SECONDS);
            writer.sample(name + "_count", labels, requests);
        }
    }

    /** The GPU request of a VM's launcher pod: its {@code compute} container holds the passthrough GPUs. */
    static String vmRequest(FleetVm vm) {
        return request(vm.namespace(), vm.launcherPod(), FleetVm.COMPUTE_CONTAINER, vm.node().name(),
                vm.resourceLabel());
    }

    private static String request(String namespace, String pod, String container, String node, String resourceLabel) {
        return container(namespace, pod, container) + "," + new Labels().add("node", node)
                .add("resource", resourceLabel).add("unit", "integer");
    }

    private static String container(String namespace, String pod, String container) {
        return new Labels().add("namespace", namespace).add("pod", pod).add("container", container).toString();
    }

    private static String volumeLabels(FleetVolume volume) {
        return new Labels().add("namespace", volume.project().namespace())
                .add("persistentvolumeclaim", volume.claim()).toString();
    }

    /** kube-state-metrics' form of a resource name: {@code nvidia.com/mig-1g.10gb} → {@code nvidia_com_mig_1g_10gb}. */
    static String resourceLabel(String resource) {
        return resource.replaceAll("[^a-zA-Z0-9]", "_");
    }
}
