package org.aitelemetry.prometheus.kube;

/**
 * What an ACM hub's clusterlifecycle-state-metrics publishes of the clusters it manages (contracts.md §5), and the
 * labels the apps read of them.
 */
public final class AcmMetric {

    /** One series per managed cluster: {@code vendor}, {@code cloud}, {@code version}, {@code available}, … */
    public static final String MANAGED_CLUSTER_INFO = "acm_managed_cluster_info";
    /** One series per managed cluster with its labels ({@code [^\w]+} of a key turned into {@code _}). */
    public static final String MANAGED_CLUSTER_LABELS = "acm_managed_cluster_labels";

    public static final String HUB_CLUSTER_ID = "hub_cluster_id";
    public static final String MANAGED_CLUSTER_ID = "managed_cluster_id";
    /** The ManagedCluster label that carries its name (every ManagedCluster has it). */
    public static final String NAME = "name";
    public static final String VENDOR = "vendor";
    public static final String CLOUD = "cloud";
    public static final String VERSION = "version";
    public static final String AVAILABLE = "available";
    public static final String CORE_WORKER = "core_worker";
    public static final String SOCKET_WORKER = "socket_worker";

    private AcmMetric() {
    }
}
