package org.aitelemetry.prometheus.kube;

import static org.aitelemetry.prometheus.kube.KubeLabel.CLUSTER;
import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_NAMESPACE;
import static org.aitelemetry.prometheus.kube.KubeLabel.LOCAL_CLUSTER;
import static org.aitelemetry.prometheus.kube.KubeLabel.NAMESPACE;

import java.util.Optional;
import org.aitelemetry.prometheus.Series;

/**
 * Reads the cluster and namespace of a series whatever spelling the exporters used (contracts.md §5). Series with no
 * {@code cluster} label, and the ACM hub's own {@code local-cluster}, belong to the source's configured cluster name.
 */
public final class LabelVariants {

    private final String defaultCluster;

    public LabelVariants(String defaultCluster) {
        this.defaultCluster = defaultCluster;
    }

    public String cluster(Series series) {
        return series.label(CLUSTER).filter(name -> !LOCAL_CLUSTER.equals(name)).orElse(defaultCluster);
    }

    /** Namespace of a kube-state-metrics or kubelet series (federation may have renamed it). */
    public Optional<String> namespace(Series series) {
        return series.label(EXPORTED_NAMESPACE, NAMESPACE);
    }
}
