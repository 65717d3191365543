package org.aitelemetry.worker.sync;

import java.time.Duration;

/**
 * Every PromQL query the fleet sync sends, in one place. Each query aggregates the whole fleet of a source, so a cycle
 * costs the same number of queries for 10 or 10,000 GPUs. The label lists name both spellings the exporters use
 * (contracts.md §5); {@link LabelVariants} picks whichever a series carries. Readings use {@code last_over_time} over a
 * look-back window because ACM forwards one sample per five minutes.
 */
final class FleetQueries {

    /** Labels that identify a GPU, a MIG instance and the pod using it, in every variant. */
    private static final String DEVICE_IDENTITY = "cluster, Hostname, hostname, UUID, uuid, gpu, pci_bus_id, device, "
            + "modelName, DCGM_FI_DRIVER_VERSION, GPU_I_ID, GPU_I_PROFILE, namespace, pod, container, "
            + "exported_namespace, exported_pod, exported_container";
    private static final String READING_KEY = "cluster, UUID, uuid, GPU_I_ID";
    private static final String PROJECT_KEY = "cluster, namespace, exported_namespace";

    private final String window;

    FleetQueries(Duration lookback) {
        this.window = "[" + lookback.toSeconds() + "s]";
    }

    /** One series per GPU (or MIG instance) with its identity labels; the value is the free framebuffer in MiB. */
    String inventory() {
        return "max by (" + DEVICE_IDENTITY + ") (last_over_time(DCGM_FI_DEV_FB_FREE" + window + "))";
    }

    /** Latest value of a DCGM field per GPU and MIG instance. */
    String reading(DcgmField field) {
        return "max by (" + READING_KEY + ") (last_over_time(" + field.metric() + window + "))";
    }

    String nodeLabels() {
        return "max by (cluster, node, label_nvidia_com_gpu_product, label_nvidia_com_cuda_driver_major, "
                + "label_nvidia_com_cuda_driver_minor, label_nvidia_com_cuda_runtime_major, label_nvidia_com_cuda_runtime_minor) "
                + "(last_over_time(kube_node_labels{label_nvidia_com_gpu_product!=\"\"}" + window + "))";
    }

    String nodeGpuCapacity() {
        return "max by (cluster, node) (last_over_time(kube_node_status_capacity{resource=\"nvidia_com_gpu\"}" + window + "))";
    }

    String nodeInfo() {
        return "max by (cluster, node, kernel_version, os_image) (last_over_time(kube_node_info" + window + "))";
    }

    /** GPUs and MIG slices requested per namespace and resource ({@code nvidia_com_gpu}, {@code nvidia_com_mig_1g_10gb}, …). */
    String allocations() {
        return "sum by (" + PROJECT_KEY + ", resource) (last_over_time(kube_pod_container_resource_requests"
                + "{resource=~\"nvidia_com_gpu|nvidia_com_mig_.+\"}" + window + "))";
    }

    /** Containers that restarted in the last 15 minutes, per namespace. */
    String restartingPods() {
        return "count by (" + PROJECT_KEY + ") (increase(kube_pod_container_status_restarts_total[15m]) > 0)";
    }

    /** Pods stuck terminating for more than five minutes, per namespace. */
    String terminatingPods() {
        return "count by (" + PROJECT_KEY + ") ((time() - kube_pod_deletion_timestamp) > 300)";
    }

    /** PersistentVolumeClaims more than 95 % full, per namespace. */
    String fullVolumeClaims() {
        return "count by (" + PROJECT_KEY + ") ((kubelet_volume_stats_used_bytes / kubelet_volume_stats_capacity_bytes) > 0.95)";
    }

    /** Namespaces running vLLM (they export its request-latency histogram). */
    String vllmNamespaces() {
        return "count by (" + PROJECT_KEY + ") (last_over_time(vllm:e2e_request_latency_seconds_count" + window + "))";
    }
}
