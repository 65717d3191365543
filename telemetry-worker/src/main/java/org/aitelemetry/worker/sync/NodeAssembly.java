package org.aitelemetry.worker.sync;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BinaryOperator;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.kube.KubeLabel;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.worker.sync.FleetSnapshot.DeviceObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.NodeObservation;

/**
 * Builds the GPU nodes of a cluster: every node kube-state-metrics labels with an NVIDIA or AMD GPU product, plus every
 * host an exporter reports GPUs on (so a node is never lost when one exporter is missing).
 */
final class NodeAssembly {

    private record NodeRef(String cluster, String node) {
    }

    private record NodeLabels(String gpuProduct, String cudaVersion) {
    }

    private record NodeInfo(String kernelVersion, String osImage) {
    }

    private final LabelVariants labels;
    private final Map<NodeRef, NodeLabels> gpuLabels = new LinkedHashMap<>();
    private final Map<NodeRef, Integer> capacity = new HashMap<>();
    private final Map<NodeRef, NodeInfo> info = new HashMap<>();

    NodeAssembly(LabelVariants labels, QueryResult nodeLabels, QueryResult nodeCapacity, QueryResult nodeInfo) {
        this.labels = labels;
        for (Series series : nodeLabels.series()) {
            ref(series).ifPresent(ref -> gpuLabels.put(ref, new NodeLabels(
                    series.label(KubeLabel.GPU_PRODUCT, KubeLabel.AMD_GPU_PRODUCT).orElse(null), cudaVersion(series))));
        }
        for (Series series : nodeCapacity.series()) {
            ref(series).ifPresent(ref -> capacity.put(ref, (int) series.last().value()));
        }
        for (Series series : nodeInfo.series()) {
            ref(series).ifPresent(ref -> info.put(ref, new NodeInfo(series.label("kernel_version").orElse(null),
                    series.label("os_image").orElse(null))));
        }
    }

    /** @param driverVersion the driver version an exporter reports for a cluster's node, or null */
    Map<String, NodeObservation> nodes(String cluster, Map<String, DeviceObservation> devices,
            BinaryOperator<String> driverVersion) {
        Map<String, Integer> devicesPerNode = new HashMap<>();
        devices.values().forEach(device -> devicesPerNode.merge(device.node(), 1, Integer::sum));
        Map<String, NodeObservation> nodes = new LinkedHashMap<>();
        gpuLabels.keySet().stream().filter(ref -> ref.cluster().equals(cluster)).map(NodeRef::node)
                .forEach(node -> nodes.put(node, null));
        devicesPerNode.keySet().forEach(node -> nodes.put(node, null));
        nodes.replaceAll((node, ignored) -> observation(new NodeRef(cluster, node), devicesPerNode, driverVersion));
        return nodes;
    }

    Iterable<String> clusters() {
        return gpuLabels.keySet().stream().map(NodeRef::cluster).distinct().toList();
    }

    private NodeObservation observation(NodeRef ref, Map<String, Integer> devicesPerNode,
            BinaryOperator<String> driverVersion) {
        NodeLabels nodeLabels = gpuLabels.getOrDefault(ref, new NodeLabels(null, null));
        NodeInfo nodeInfo = info.getOrDefault(ref, new NodeInfo(null, null));
        // The exporters see every physical GPU; a node's capacity leaves out GPUs split into MIG slices or partitions.
        int gpus = devicesPerNode.getOrDefault(ref.node(), capacity.getOrDefault(ref, 0));
        return new NodeObservation(ref.node(), gpus, nodeLabels.gpuProduct(),
                driverVersion.apply(ref.cluster(), ref.node()), nodeLabels.cudaVersion(), nodeInfo.kernelVersion(),
                nodeInfo.osImage());
    }

    private Optional<NodeRef> ref(Series series) {
        return series.label(KubeLabel.NODE).map(node -> new NodeRef(labels.cluster(series), node));
    }

    /** GPU feature discovery labels the CUDA runtime version as separate major and minor labels. */
    private static String cudaVersion(Series series) {
        Optional<String> major = series.label(KubeLabel.CUDA_RUNTIME_MAJOR);
        return major.map(m -> m + series.label(KubeLabel.CUDA_RUNTIME_MINOR).map(minor -> "." + minor).orElse(""))
                .orElse(null);
    }
}
