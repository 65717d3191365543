package org.aitelemetry.devkit.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.fleet.AmdDevice;
import org.aitelemetry.devkit.fleet.ClusterSpec;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus ingests every line of the AMD exporter pages (its parser is the judge of the format) under the
 * exporter's job, with the exporter's namespace where the cluster's scrape does not honour labels.
 */
class PrometheusScrapesAmdExporterTest {

    private static final Duration PATIENCE = Duration.ofSeconds(15);
    /** Activity and the three VRAM fields on every GPU and partition. */
    private static final int OWN_FIELDS = 4;
    /** Power, temperature, memory temperature, energy and the two ECC counts on whole GPUs and partition 0. */
    private static final int PHYSICAL_FIELDS = 6;

    @TempDir
    Path workspaceDir;

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(7).amdNodesPerCluster(2).build());

    @Test
    void prometheusHoldsEveryAmdSeriesWithTheExportersJobAndNamespace() throws Exception {
        try (FleetSimulator simulator = new FleetSimulator(fleet)) {
            simulator.start();
            PrometheusSettings settings = PrometheusSettings.fast().withTargets(simulator.scrapeTargets());
            try (PrometheusComponent prometheus = new PrometheusComponent(new Workspace(workspaceDir), settings)) {
                prometheus.start();
                PrometheusQueries queries = new PrometheusQueries(prometheus.url(), HttpClient.newHttpClient());
                String job = "{job=\"" + FleetSimulator.AMD_JOB + "\"}";

                queries.await("count by (cluster) (gpu_total_vram" + job + ")", "cluster",
                        perCluster(false)::equals, PATIENCE);
                assertThat(queries.byLabel("scrape_samples_scraped" + job, "cluster"))
                        .as("every line of the page was ingested").isEqualTo(perCluster(true));
                assertThat(queries.byLabel("count by (namespace) (gpu_total_vram{cluster=\"hub-b\"})", "namespace"))
                        .containsOnlyKeys(FleetSimulator.AMD_NAMESPACE);
                assertThat(queries.byLabel("count by (namespace) (gpu_total_vram{cluster=\"hub-a\"})", "namespace"))
                        .doesNotContainKey(FleetSimulator.AMD_NAMESPACE)
                        .containsKeys(fleet.pods("hub-a").stream()
                                .filter(pod -> fleet.amdNodes("hub-a").contains(pod.node()))
                                .map(pod -> pod.namespace()).distinct().toArray(String[]::new));
            }
        }
    }

    /** Series per cluster, or with {@code samples} the lines of its page. */
    private Map<String, Double> perCluster(boolean samples) {
        Map<String, Double> expected = new HashMap<>();
        for (ClusterSpec cluster : fleet.clusters()) {
            long devices = fleet.amdDevices(cluster.name()).size();
            long physical = fleet.amdDevices(cluster.name()).stream().filter(AmdDevice::physical).count();
            expected.put(cluster.name(), (double) (samples ? OWN_FIELDS * devices + PHYSICAL_FIELDS * physical
                    : devices));
        }
        return expected;
    }
}
