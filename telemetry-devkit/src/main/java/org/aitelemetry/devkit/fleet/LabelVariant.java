package org.aitelemetry.devkit.fleet;

/**
 * How a cluster's dcgm-exporter series are labelled when they reach the hub. Kubernetes-side families
 * (kube-state-metrics, kubelet, vLLM) keep plain {@code namespace}/{@code pod} in both variants, as their scrape jobs
 * honour labels.
 */
public enum LabelVariant {

    /** dcgm-exporter as scraped in its cluster: {@code Hostname}, {@code UUID}, {@code namespace}/{@code pod}/{@code container}. */
    NATIVE("Hostname", "UUID", "namespace", "pod", "container"),
    /**
     * Newer exporters behind a scrape that did not honour labels, then federated: {@code hostname}, {@code uuid}, the
     * workload in {@code exported_namespace}/{@code exported_pod}/{@code exported_container}, and plain
     * {@code namespace}/{@code pod}/{@code container} naming the exporter's own pod in {@code nvidia-gpu-operator}.
     */
    FEDERATED("hostname", "uuid", "exported_namespace", "exported_pod", "exported_container");

    private final String hostnameLabel;
    private final String uuidLabel;
    private final String namespaceLabel;
    private final String podLabel;
    private final String containerLabel;

    LabelVariant(String hostnameLabel, String uuidLabel, String namespaceLabel, String podLabel, String containerLabel) {
        this.hostnameLabel = hostnameLabel;
        this.uuidLabel = uuidLabel;
        this.namespaceLabel = namespaceLabel;
        this.podLabel = podLabel;
        this.containerLabel = containerLabel;
    }

    public String hostnameLabel() {
        return hostnameLabel;
    }

    public String uuidLabel() {
        return uuidLabel;
    }

    public String namespaceLabel() {
        return namespaceLabel;
    }

    public String podLabel() {
        return podLabel;
    }

    public String containerLabel() {
        return containerLabel;
    }

    /** Whether the series also carry the exporter pod's own {@code namespace}/{@code pod}/{@code container}. */
    public boolean labelsExporterPod() {
        return this == FEDERATED;
    }
}
