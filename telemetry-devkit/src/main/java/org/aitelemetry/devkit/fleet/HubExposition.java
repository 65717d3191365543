package org.aitelemetry.devkit.fleet;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * What the source's ACM hub ({@link FleetSpec#hub()}) publishes of each managed cluster through
 * clusterlifecycle-state-metrics: one {@code acm_managed_cluster_info} series (vendor, cloud, version, availability,
 * worker cores and sockets) and one {@code acm_managed_cluster_labels} series (its labels, {@code name} among them),
 * joined by {@code managed_cluster_id}, the cluster's ClusterVersion id. The ids follow from the hub's and the
 * cluster's names, so two hubs' clusters of the same name are different clusters; the facts follow from the cluster's
 * position in the fleet: the first on bare metal, the others in clouds.
 */
public final class HubExposition {

    private static final String GAUGE = "gauge";
    private static final List<String> CLOUDS = List.of("BareMetal", "Amazon", "IBM");
    private static final String OPENSHIFT_VERSION = "4.16.12";
    private static final int CORES_PER_NODE = 64;
    private static final int SOCKETS_PER_NODE = 2;

    private final FleetDefinition fleet;

    HubExposition(FleetDefinition fleet) {
        this.fleet = fleet;
    }

    /** The hub's own id: one hub for the whole simulated source, named by the spec. */
    public String hubClusterId() {
        return id(fleet.spec().hub());
    }

    /** The managed cluster's id, as ACM's {@code clusterID} label of the ManagedCluster says it. */
    public String managedClusterId(String cluster) {
        return id(fleet.spec().hub() + "/cluster/" + cluster);
    }

    /** The cloud the hub says the cluster runs in. */
    public String cloud(String cluster) {
        return CLOUDS.get(index(cluster) % CLOUDS.size());
    }

    /** The worker cores the hub counts for the cluster. */
    public int coreWorkers(String cluster) {
        return fleet.nodes(cluster).size() * CORES_PER_NODE;
    }

    public static String version() {
        return OPENSHIFT_VERSION;
    }

    void write(OutputStream out) throws IOException {
        ExpositionWriter writer = new ExpositionWriter(out);
        writer.family("acm_managed_cluster_info", GAUGE, "Managed cluster information");
        for (ClusterSpec cluster : fleet.clusters()) {
            writer.sample("acm_managed_cluster_info", ids(cluster.name()) + "," + info(cluster.name()), 1);
        }
        writer.family("acm_managed_cluster_labels", GAUGE, "Managed cluster labels");
        for (ClusterSpec cluster : fleet.clusters()) {
            writer.sample("acm_managed_cluster_labels", ids(cluster.name()) + "," + labels(cluster.name()), 1);
        }
        writer.finish();
    }

    private String ids(String cluster) {
        return new Labels().add("hub_cluster_id", hubClusterId()).add("managed_cluster_id", managedClusterId(cluster))
                .toString();
    }

    private String info(String cluster) {
        return new Labels().add("vendor", "OpenShift").add("cloud", cloud(cluster)).add("version", OPENSHIFT_VERSION)
                .add("available", "True").add("created_via", "Other").add("core_worker", coreWorkers(cluster))
                .add("socket_worker", fleet.nodes(cluster).size() * SOCKETS_PER_NODE).toString();
    }

    private String labels(String cluster) {
        return new Labels().add("name", cluster).add("cloud", cloud(cluster)).add("vendor", "OpenShift")
                .add("openshiftVersion", OPENSHIFT_VERSION)
                .add("cluster_open_cluster_management_io_clusterset", "research")
                .add("feature_open_cluster_management_io_addon_observability_controller", "available").toString();
    }

    private int index(String cluster) {
        List<ClusterSpec> clusters = fleet.clusters();
        for (int i = 0; i < clusters.size(); i++) {
            if (clusters.get(i).name().equals(cluster)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no cluster " + cluster);
    }

    private static String id(String name) {
        return UUID.nameUUIDFromBytes(("ai-telemetry fleet " + name).getBytes(StandardCharsets.UTF_8)).toString();
    }
}
