package org.aitelemetry.prometheus.kube;

/**
 * Kubernetes labels on the series the apps read (contracts.md §5): the workload on kube-state-metrics series and on
 * dcgm-exporter series of a held GPU, renamed {@code exported_*} after federation or ACM; the cluster ACM adds; the
 * node labels the GPU operator sets, as kube-state-metrics spells them.
 */
public final class KubeLabel {

    /** Added by ACM; absent on series of a source's own cluster. */
    public static final String CLUSTER = "cluster";
    /** The {@code cluster} value of the ACM hub's own series: the source's own cluster. */
    public static final String LOCAL_CLUSTER = "local-cluster";

    public static final String NAMESPACE = "namespace";
    public static final String POD = "pod";
    public static final String CONTAINER = "container";
    public static final String EXPORTED_NAMESPACE = "exported_namespace";
    public static final String EXPORTED_POD = "exported_pod";
    public static final String EXPORTED_CONTAINER = "exported_container";

    public static final String NODE = "node";
    /** The node as Prometheus' Kubernetes service discovery names it, on hand-written alert rules. */
    public static final String KUBERNETES_NODE = "kubernetes_node";
    public static final String KERNEL_VERSION = "kernel_version";
    public static final String OS_IMAGE = "os_image";
    public static final String GPU_PRODUCT = "label_nvidia_com_gpu_product";
    public static final String CUDA_DRIVER_MAJOR = "label_nvidia_com_cuda_driver_major";
    public static final String CUDA_DRIVER_MINOR = "label_nvidia_com_cuda_driver_minor";
    public static final String CUDA_RUNTIME_MAJOR = "label_nvidia_com_cuda_runtime_major";
    public static final String CUDA_RUNTIME_MINOR = "label_nvidia_com_cuda_runtime_minor";
    /** AMD's GPU operator node label {@code amd.com/gpu.product-name}, e.g. {@code Instinct_MI300X}. */
    public static final String AMD_GPU_PRODUCT = "label_amd_com_gpu_product_name";

    /** The resource of a request or a capacity. */
    public static final String RESOURCE = "resource";
    /** {@code nvidia.com/gpu}, sanitised by kube-state-metrics. */
    public static final String GPU_RESOURCE = "nvidia_com_gpu";
    /** MIG resources such as {@code nvidia.com/mig-1g.10gb}, sanitised to {@code nvidia_com_mig_1g_10gb}. */
    public static final String MIG_RESOURCE_PREFIX = "nvidia_com_mig_";
    /** {@code amd.com/gpu}: a whole AMD GPU, or a partition where the device plugin runs in single-resource mode. */
    public static final String AMD_GPU_RESOURCE = "amd_com_gpu";
    /**
     * AMD's device plugin in mixed mode names each partition kind {@code amd.com/<compute>_<memory>}, e.g.
     * {@code amd.com/cpx_nps4}, sanitised to {@code amd_com_cpx_nps4}: a regular expression for them.
     */
    public static final String AMD_PARTITION_RESOURCES = "amd_com_(spx|dpx|tpx|qpx|cpx)_nps[1248]";

    private KubeLabel() {
    }
}
