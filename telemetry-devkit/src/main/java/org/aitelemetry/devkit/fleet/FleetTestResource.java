package org.aitelemetry.devkit.fleet;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.prometheus.FaultyFront;

/**
 * A simulated fleet scraped by a real Prometheus every second, for the worker's tests: the app gets one metric source,
 * {@code fleet}, pointing at that Prometheus, and the test gets the simulator (whose definition is the ground truth)
 * through {@link InjectFleet}. Starts only once Prometheus holds every exporter series of the fleet. The app's exporter
 * selectors are {@link FleetSimulator#workerExporterConfig()}.
 *
 * <p>Init arguments:
 * <ul>
 * <li>{@code seed} (default 7);
 * <li>{@code frozen} (default true: readings are taken at a fixed instant, so an unchanged fleet really is unchanged);
 * <li>{@code cluster-count} (clusters named cluster-01 …, not hub-a and hub-b);
 * <li>{@code vm-nodes} (default 0: VM nodes per cluster, each with two KubeVirt VMs holding passthrough GPUs);
 * <li>{@code amd-nodes} (default 0: nodes per cluster with eight AMD Instinct GPUs, see {@link AmdGenerator} for
 * which are partitioned, MI250X or publish sentinels);
 * <li>{@code amd-helm-prefix} (default false: when true, the AMD exporter's names carry the Helm chart's {@code amd_});
 * <li>{@code faulty-front} (default false: when true, the source points at a {@link FaultyFront} before Prometheus,
 * with a short query deadline, so tests can switch faults on and off);
 * <li>{@code bearer-token} (the front then demands that token, and the source reads it from a file);
 * <li>{@code tls} ({@code mutual}: Prometheus serves HTTPS and requires a client certificate; the source uses mtls
 * through the Quarkus TLS registry configuration named after the source);
 * <li>{@code tenant-forgery} (default false: when true, Prometheus also scrapes {@link TenantForgery}'s page under a
 * tenant's job);
 * <li>{@code hub-count} (default 1; with 2, a second ACM hub's fleet is a second source, {@code fleet-b}, with its own
 * simulator and Prometheus, set up by the other arguments alike: see {@link #secondHub}).
 * </ul>
 */
public final class FleetTestResource implements QuarkusTestResourceLifecycleManager {

    public static final String SOURCE = "fleet";
    /** The second hub's metric source, with {@code hub-count} 2. */
    public static final String SECOND_SOURCE = "fleet-b";
    public static final String SEED = "seed";
    public static final String FROZEN = "frozen";
    public static final String FAULTY_FRONT = "faulty-front";
    public static final String BEARER_TOKEN = "bearer-token";
    public static final String TLS = "tls";
    /** When given, the clusters are {@code cluster-01} … ({@link FleetSpec.Builder#clusterCount}), not hub-a/hub-b. */
    public static final String CLUSTER_COUNT = "cluster-count";
    public static final String TENANT_FORGERY = "tenant-forgery";
    public static final String VM_NODES = "vm-nodes";
    public static final String AMD_NODES = "amd-nodes";
    public static final String AMD_HELM_PREFIX = "amd-helm-prefix";
    public static final String HUB_COUNT = "hub-count";
    /** The cluster only the second hub manages; its other one shares its name with the first hub's first cluster. */
    public static final String SECOND_HUB_OWN_CLUSTER = "hub-c";

    /** Readings of a frozen fleet are those of this instant. */
    public static final Instant FROZEN_AT = Instant.parse("2026-11-21T12:00:00Z");

    private long seed = 7;
    private Integer clusterCount;
    private int vmNodes;
    private int amdNodes;
    private boolean amdHelmPrefix;
    private int hubCount = 1;
    private ScrapedFleet.Options options;
    private final List<ScrapedFleet> sources = new ArrayList<>();

    @Override
    public void init(Map<String, String> initArgs) {
        seed = Long.parseLong(initArgs.getOrDefault(SEED, "7"));
        clusterCount = initArgs.containsKey(CLUSTER_COUNT) ? Integer.valueOf(initArgs.get(CLUSTER_COUNT)) : null;
        vmNodes = Integer.parseInt(initArgs.getOrDefault(VM_NODES, "0"));
        amdNodes = Integer.parseInt(initArgs.getOrDefault(AMD_NODES, "0"));
        amdHelmPrefix = Boolean.parseBoolean(initArgs.getOrDefault(AMD_HELM_PREFIX, "false"));
        hubCount = Integer.parseInt(initArgs.getOrDefault(HUB_COUNT, "1"));
        if (hubCount < 1 || hubCount > 2) {
            throw new IllegalArgumentException(HUB_COUNT + " is 1 or 2, not " + hubCount);
        }
        options = new ScrapedFleet.Options(Boolean.parseBoolean(initArgs.getOrDefault(FROZEN, "true")),
                Boolean.parseBoolean(initArgs.getOrDefault(FAULTY_FRONT, "false")), initArgs.get(BEARER_TOKEN),
                "mutual".equals(initArgs.get(TLS)),
                Boolean.parseBoolean(initArgs.getOrDefault(TENANT_FORGERY, "false")));
    }

    @Override
    public Map<String, String> start() {
        FleetSpec.Builder first = FleetSpec.builder(seed).hub(SOURCE).vmNodesPerCluster(vmNodes)
                .amdNodesPerCluster(amdNodes).amdHelmPrefix(amdHelmPrefix);
        if (clusterCount != null) {
            first.clusterCount(clusterCount);
        }
        FleetSpec firstSpec = first.build();
        Map<String, String> config = new HashMap<>(FleetSimulator.workerExporterConfig());
        // One-second scrapes: a short look-back lets a removed node vanish from queries within seconds.
        config.put("telemetry.sync.lookback", "3s");
        config.putAll(started(SOURCE, firstSpec));
        if (hubCount == 2) {
            config.putAll(started(SECOND_SOURCE, secondHub(firstSpec)));
        }
        return config;
    }

    private Map<String, String> started(String source, FleetSpec spec) {
        ScrapedFleet scraped = new ScrapedFleet(source, options);
        sources.add(scraped);
        try {
            scraped.start(FleetDefinition.generate(spec));
        } catch (Exception e) {
            stop();
            throw new IllegalStateException("fleet simulator or Prometheus of " + source + " did not come up; "
                    + "see target/devkit", e);
        }
        return scraped.sourceConfig();
    }

    /**
     * The second hub's fleet: other GPUs (the next seed), fewer nodes, its own cluster {@value #SECOND_HUB_OWN_CLUSTER}
     * and a cluster named as the first hub's first one, in the other label spelling and second in its list (so the hub
     * says another cloud of it), as two hubs' teams may well name a cluster alike. Not {@code local-cluster}, which
     * every hub has: the platform stores the hub's own cluster under the source's cluster label, so two of them would
     * never share a name there.
     */
    static FleetSpec secondHub(FleetSpec first) {
        ClusterSpec shared = first.clusters().get(0);
        LabelVariant otherSpelling = shared.labels() == LabelVariant.NATIVE ? LabelVariant.FEDERATED
                : LabelVariant.NATIVE;
        return FleetSpec.builder(first.seed() + 1).hub(SECOND_SOURCE)
                .clusters(new ClusterSpec(SECOND_HUB_OWN_CLUSTER, shared.labels()),
                        new ClusterSpec(shared.name(), otherSpelling))
                .nodesPerCluster(Math.max(1, first.nodesPerCluster() - 1)).vmNodesPerCluster(first.vmNodesPerCluster())
                .amdNodesPerCluster(first.amdNodesPerCluster()).amdHelmPrefix(first.amdHelmPrefix()).build();
    }

    @Override
    public void inject(TestInjector testInjector) {
        sources.forEach(source -> source.inject(testInjector));
    }

    @Override
    public void stop() {
        sources.forEach(ScrapedFleet::close);
    }
}
