package org.aitelemetry.worker.sync;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.aitelemetry.prometheus.Series;

/**
 * Reads identities from series whatever spelling the exporter used (contracts.md §5): {@code Hostname}/{@code hostname},
 * {@code UUID}/{@code uuid}, and workload labels. Where a scrape did not honour the exporter's labels, the workload's
 * {@code namespace}/{@code pod}/{@code container} became {@code exported_*} and the plain labels name the exporter's own
 * pod: in such a cluster only the {@code exported_*} labels are a workload. Series with no {@code cluster} label, and the
 * ACM hub's own {@code local-cluster}, belong to the source's configured cluster name.
 */
final class LabelVariants {

    static final String LOCAL_CLUSTER = "local-cluster";

    private final String defaultCluster;
    private final Set<String> renamedWorkloadClusters = new HashSet<>();

    LabelVariants(String defaultCluster) {
        this.defaultCluster = defaultCluster;
    }

    /** Learns, from a cluster's GPU series, whether its workload labels arrive as {@code exported_*}. */
    void learnWorkloadLabels(Iterable<Series> gpuSeries) {
        for (Series series : gpuSeries) {
            if (series.label("exported_pod", "exported_namespace").isPresent()) {
                renamedWorkloadClusters.add(cluster(series));
            }
        }
    }

    String cluster(Series series) {
        return series.label("cluster").filter(name -> !LOCAL_CLUSTER.equals(name)).orElse(defaultCluster);
    }

    Optional<String> hostname(Series series) {
        return series.label("Hostname", "hostname");
    }

    Optional<String> uuid(Series series) {
        return series.label("UUID", "uuid");
    }

    /** GPU instance id of a MIG slice; empty for a whole GPU. */
    Optional<Integer> gpuInstanceId(Series series) {
        return series.label("GPU_I_ID").map(Integer::valueOf);
    }

    /** Namespace of a kube-state-metrics or kubelet series (federation may have renamed it too). */
    Optional<String> namespace(Series series) {
        return series.label("exported_namespace", "namespace");
    }

    /** Namespace of the workload using a GPU, present only while a pod holds it. */
    Optional<String> workloadNamespace(Series series) {
        return workloadPod(series).flatMap(pod -> workloadLabel(series, "namespace"));
    }

    /** The pod using a GPU, present only while one holds it. */
    Optional<String> workloadPod(Series series) {
        return workloadLabel(series, "pod");
    }

    Optional<String> workloadContainer(Series series) {
        return workloadPod(series).flatMap(pod -> workloadLabel(series, "container"));
    }

    private Optional<String> workloadLabel(Series series, String name) {
        return renamedWorkloadClusters.contains(cluster(series)) ? series.label("exported_" + name) : series.label(name);
    }
}
