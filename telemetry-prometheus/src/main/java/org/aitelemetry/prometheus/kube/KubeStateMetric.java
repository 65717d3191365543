package org.aitelemetry.prometheus.kube;

/** The kube-state-metrics series the apps read (contracts.md §5). */
public final class KubeStateMetric {

    public static final String NODE_LABELS = "kube_node_labels";
    public static final String NODE_STATUS_CAPACITY = "kube_node_status_capacity";
    public static final String NODE_INFO = "kube_node_info";
    public static final String POD_CONTAINER_RESOURCE_REQUESTS = "kube_pod_container_resource_requests";
    public static final String POD_CONTAINER_STATUS_RESTARTS_TOTAL = "kube_pod_container_status_restarts_total";
    public static final String POD_DELETION_TIMESTAMP = "kube_pod_deletion_timestamp";
    /** A namespace's annotations that kube-state-metrics' allow-list names, one label each. */
    public static final String NAMESPACE_ANNOTATIONS = "kube_namespace_annotations";
    /** A namespace's labels that kube-state-metrics' allow-list names, one label each. */
    public static final String NAMESPACE_LABELS = "kube_namespace_labels";

    private KubeStateMetric() {
    }
}
