package org.aitelemetry.worker.sync;

import java.util.Optional;
import org.aitelemetry.prometheus.Series;

/**
 * Reads the cluster and namespace of a series whatever spelling the exporters used (contracts.md §5). Series with no
 * {@code cluster} label, and the ACM hub's own {@code local-cluster}, belong to the source's configured cluster name.
 */
final class LabelVariants {

    static final String LOCAL_CLUSTER = "local-cluster";

    private final String defaultCluster;

    LabelVariants(String defaultCluster) {
        this.defaultCluster = defaultCluster;
    }

    String cluster(Series series) {
        return series.label("cluster").filter(name -> !LOCAL_CLUSTER.equals(name)).orElse(defaultCluster);
    }

    /** Namespace of a kube-state-metrics or kubelet series (federation may have renamed it). */
    Optional<String> namespace(Series series) {
        return series.label("exported_namespace", "namespace");
    }
}
