package org.aitelemetry.devkit.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.fleet.ClusterSpec;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetNode;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline the platform's sync reads from: simulator → real Prometheus (cluster label per target) → query API, for a
 * fleet with a VM node per cluster.
 */
class PrometheusScrapesFleetTest {

    private static final Duration PATIENCE = Duration.ofSeconds(15);
    /** Families per series on a dcgm page; GPU_UTIL comes on top, for whole GPUs only. */
    private static final int DCGM_FAMILIES_PER_SERIES = 11;

    @TempDir
    Path workspaceDir;

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(7).vmNodesPerCluster(1).build());

    @Test
    void prometheusHoldsEveryGpuSeriesPerClusterAndDropsARemovedNode() throws Exception {
        Path rules = Files.writeString(workspaceDir.resolve("gpus.yml"), """
                groups:
                  - name: fleet
                    rules:
                      - record: cluster:dcgm_gpus:count
                        expr: count by (cluster) (group by (cluster, UUID, uuid) (DCGM_FI_DEV_GPU_TEMP))
                """);
        try (FleetSimulator simulator = new FleetSimulator(fleet)) {
            simulator.start();
            PrometheusSettings settings = PrometheusSettings.fast()
                    .withTargets(simulator.scrapeTargets()).withRuleFiles(List.of(rules));
            try (PrometheusComponent prometheus = new PrometheusComponent(new Workspace(workspaceDir), settings)) {
                prometheus.start();
                PrometheusQueries queries = new PrometheusQueries(prometheus.url(), HttpClient.newHttpClient());
                Map<String, Double> series = expected(fleet::dcgmSeriesCount);

                Map<String, Double> targets = expected(cluster -> 3);
                targets.put("local-cluster", 1.0);
                queries.await("count by (cluster) (up == 1)", "cluster", targets::equals, PATIENCE);
                queries.await("count by (cluster) (DCGM_FI_DEV_GPU_TEMP)", "cluster", series::equals, PATIENCE);
                queries.await("count by (cluster) (kube_node_info)", "cluster",
                        expected(this::nodes)::equals, PATIENCE);
                queries.await("count by (cluster) (kubevirt_vmi_info{job=\"" + FleetSimulator.KUBEVIRT_JOB + "\"})",
                        "cluster", expected(cluster -> fleet.virtualMachines(cluster).size())::equals, PATIENCE);
                String dcgmScrapes = "scrape_samples_scraped{job=\"" + FleetSimulator.DCGM_JOB + "\"}";
                assertThat(queries.byLabel(dcgmScrapes, "cluster"))
                        .as("every line of the page was ingested").isEqualTo(expected(this::dcgmSamples));
                queries.await("cluster:dcgm_gpus:count", "cluster",
                        expected(cluster -> fleet.devices(cluster).size())::equals, PATIENCE);

                FleetNode removed = fleet.nodes("hub-a").get(0);
                simulator.removeNode("hub-a", removed.name());
                Map<String, Double> withoutNode = new HashMap<>(series);
                withoutNode.merge("hub-a", (double) -seriesOn(removed), Double::sum);
                queries.await("count by (cluster) (DCGM_FI_DEV_GPU_TEMP)", "cluster", withoutNode::equals, PATIENCE);
                queries.await("count by (cluster) (kube_node_info)", "cluster",
                        nodes -> Double.valueOf(nodes("hub-a") - 1).equals(nodes.get("hub-a")), PATIENCE);

                long pid = prometheus.pid();
                prometheus.close();
                PrometheusComponentTest.awaitGone(pid);
            }
        }
    }

    private Map<String, Double> expected(ToIntFunction<String> perCluster) {
        Map<String, Double> expected = new HashMap<>();
        for (ClusterSpec cluster : fleet.clusters()) {
            expected.put(cluster.name(), (double) perCluster.applyAsInt(cluster.name()));
        }
        return expected;
    }

    /** GPU nodes and VM nodes alike have {@code kube_node_info}. */
    private int nodes(String cluster) {
        return fleet.nodes(cluster).size() + fleet.vmNodes(cluster).size();
    }

    private int dcgmSamples(String cluster) {
        long wholeGpus = fleet.devices(cluster).stream().filter(device -> !device.mig()).count();
        return DCGM_FAMILIES_PER_SERIES * fleet.dcgmSeriesCount(cluster) + (int) wholeGpus;
    }

    private int seriesOn(FleetNode node) {
        return fleet.devicesOn(node).stream().mapToInt(device -> device.mig() ? device.slices().size() : 1).sum();
    }
}
