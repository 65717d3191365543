package org.aitelemetry.worker.sync;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;

/**
 * What an ACM hub says of one cluster it manages: the ManagedCluster's facts and labels as clusterlifecycle-state-metrics
 * publishes them. Any field the hub does not say is null; the labels are never null.
 *
 * @param coreWorkers   CPU cores of the worker nodes
 * @param socketWorkers CPU sockets of the worker nodes
 * @param labels        the ManagedCluster's labels, keys as the exporter spells them ({@code [^\w]+} → {@code _})
 */
record ManagedClusterFacts(String managedClusterId, String hubClusterId, String vendor, String cloud, String version,
        String available, Integer coreWorkers, Integer socketWorkers, SortedMap<String, String> labels) {

    /** As stored in {@code ai_cluster.managed_cluster} (V22) and shown by the site. */
    Map<String, Object> stored() {
        Map<String, Object> stored = new LinkedHashMap<>();
        stored.put("managedClusterId", managedClusterId);
        stored.put("hubClusterId", hubClusterId);
        stored.put("vendor", vendor);
        stored.put("cloud", cloud);
        stored.put("version", version);
        stored.put("available", available);
        stored.put("coreWorkers", coreWorkers);
        stored.put("socketWorkers", socketWorkers);
        stored.put("labels", labels);
        return stored;
    }
}
