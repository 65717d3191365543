package org.aitelemetry.site.fleet;

import io.vertx.core.json.JsonObject;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the cluster's ACM hub last said of it (schema {@code ManagedCluster}): a field the hub did not say is null.
 *
 * @param labels the ManagedCluster's labels, keys as clusterlifecycle-state-metrics spells them
 * @param seenAt when a sync last read them
 */
public record ManagedClusterView(String managedClusterId, String hubClusterId, String vendor, String cloud,
        String version, String available, Integer coreWorkers, Integer socketWorkers, Map<String, String> labels,
        OffsetDateTime seenAt) {

    /** From {@code ai_cluster.managed_cluster} (V22); null when no hub has said anything of the cluster. */
    static ManagedClusterView of(JsonObject stored, OffsetDateTime seenAt) {
        if (stored == null) {
            return null;
        }
        Map<String, String> labels = new TreeMap<>();
        JsonObject storedLabels = stored.getJsonObject("labels", new JsonObject());
        storedLabels.fieldNames().forEach(key -> labels.put(key, String.valueOf(storedLabels.getValue(key))));
        return new ManagedClusterView(stored.getString("managedClusterId"), stored.getString("hubClusterId"),
                stored.getString("vendor"), stored.getString("cloud"), stored.getString("version"),
                stored.getString("available"), stored.getInteger("coreWorkers"), stored.getInteger("socketWorkers"),
                labels, seenAt);
    }
}
