package org.aitelemetry.worker.sync;

import static org.aitelemetry.prometheus.kube.AcmMetric.AVAILABLE;
import static org.aitelemetry.prometheus.kube.AcmMetric.CLOUD;
import static org.aitelemetry.prometheus.kube.AcmMetric.CORE_WORKER;
import static org.aitelemetry.prometheus.kube.AcmMetric.HUB_CLUSTER_ID;
import static org.aitelemetry.prometheus.kube.AcmMetric.MANAGED_CLUSTER_ID;
import static org.aitelemetry.prometheus.kube.AcmMetric.NAME;
import static org.aitelemetry.prometheus.kube.AcmMetric.SOCKET_WORKER;
import static org.aitelemetry.prometheus.kube.AcmMetric.VENDOR;
import static org.aitelemetry.prometheus.kube.AcmMetric.VERSION;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Series;

/**
 * The facts an ACM hub publishes of its managed clusters, by cluster name: {@code acm_managed_cluster_labels} names each
 * {@code managed_cluster_id} (its {@code name} label), {@code acm_managed_cluster_info} gives that id's vendor, cloud,
 * version, availability and worker capacity. A cluster the hub does not name has none, and neither has one that two
 * different series claim (a second exporter, or facts that changed within the look-back): the stored facts stay as
 * they were until one account is left.
 */
final class ManagedClusterAssembly {

    /**
     * Labels the scrape and ACM observability's forwarding add to every series (the hub's own {@code cluster} among
     * them), and the keys the facts carry apart: none is a label of the ManagedCluster.
     */
    private static final Set<String> NOT_CLUSTER_LABELS = Set.of("__name__", "job", "instance", "namespace", "pod",
            "service", "endpoint", "container", "prometheus", "cluster", "clusterID", "receive", "tenant_id",
            HUB_CLUSTER_ID, MANAGED_CLUSTER_ID, NAME);

    private final Map<String, ManagedClusterFacts> byName = new HashMap<>();
    private final Set<String> disputed = new HashSet<>();

    ManagedClusterAssembly(QueryResult info, QueryResult labels) {
        Map<String, Series> infoById = new HashMap<>();
        Set<String> disputedIds = new HashSet<>();
        info.series().forEach(series -> series.label(MANAGED_CLUSTER_ID).ifPresent(id -> {
            Series earlier = infoById.putIfAbsent(id, series);
            if (earlier != null && !earlier.labels().equals(series.labels())) {
                disputedIds.add(id);
            }
        }));
        for (Series named : labels.series()) {
            Optional<String> name = named.label(NAME);
            Optional<String> id = named.label(MANAGED_CLUSTER_ID);
            if (name.isPresent() && id.isPresent()) {
                ManagedClusterFacts facts = facts(id.get(), infoById.get(id.get()), named);
                ManagedClusterFacts earlier = byName.putIfAbsent(name.get(), facts);
                if (disputedIds.contains(id.get()) || earlier != null && !earlier.equals(facts)) {
                    disputed.add(name.get());
                }
            }
        }
    }

    /** The hub's facts of the cluster; none when no hub of the source names it, or two accounts differ. */
    Optional<ManagedClusterFacts> of(String cluster) {
        return disputed.contains(cluster) ? Optional.empty() : Optional.ofNullable(byName.get(cluster));
    }

    private static ManagedClusterFacts facts(String id, Series info, Series named) {
        SortedMap<String, String> labels = new TreeMap<>();
        named.labels().forEach((key, value) -> {
            if (!NOT_CLUSTER_LABELS.contains(key)) {
                labels.put(key, value);
            }
        });
        Optional<Series> facts = Optional.ofNullable(info);
        return new ManagedClusterFacts(id, named.label(HUB_CLUSTER_ID).orElse(null), text(facts, VENDOR),
                text(facts, CLOUD), text(facts, VERSION), text(facts, AVAILABLE), count(facts, CORE_WORKER),
                count(facts, SOCKET_WORKER), labels);
    }

    private static String text(Optional<Series> series, String label) {
        return series.flatMap(s -> s.label(label)).filter(value -> !value.isBlank()).orElse(null);
    }

    /** A count label; anything but a whole number is not one. */
    private static Integer count(Optional<Series> series, String label) {
        String value = text(series, label);
        return value != null && value.matches("\\d{1,9}") ? Integer.valueOf(value) : null;
    }
}
