package org.aitelemetry.devkit.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.fleet.ClusterSpec;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetHistory;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.aitelemetry.devkit.fleet.FleetVm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local run's past: the fleet's history written as OpenMetrics, turned into blocks by the real promtool, and
 * served by a real Prometheus that goes on scraping the live simulator, under the labels the scrape adds.
 */
class PrometheusBackfilledHistoryTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final Duration SPAN = Duration.ofDays(1);
    private static final Duration STEP = Duration.ofMinutes(5);
    private static final String PASSTHROUGH = "nvidia_com_GH100_H100_SXM5_80GB";
    /** Every GPU's energy counter, keyed by its UUID whichever label spells it. */
    private static final String ENERGY_BY_GPU = "max by (gpu_uuid) (label_replace(label_replace("
            + "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION, \"gpu_uuid\", \"$1\", \"UUID\", \"(.+)\"), "
            + "\"gpu_uuid\", \"$1\", \"uuid\", \"(.+)\"))";

    @TempDir
    Path workspaceDir;

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(7).vmNodesPerCluster(1).build());

    @Test
    void thePastIsServedUnderTheScrapesLabelsAndTheLivePagesCarryOnFromIt() throws Exception {
        try (FleetSimulator simulator = new FleetSimulator(fleet)) {
            simulator.start();
            FleetHistory history = new FleetHistory(simulator, Instant.now(), SPAN, STEP);
            Instant end = history.end();
            Path blocks = workspaceDir.resolve("blocks");
            TsdbBackfill backfill = new TsdbBackfill(blocks);
            List<Path> files = new ArrayList<>();
            history.write(Files.createDirectories(workspaceDir.resolve("history")), file -> {
                files.add(file);
                backfill.convert(file);
            });
            backfill.awaitAll();
            assertThat(files).as("a file per UTC day the past touches").hasSizeBetween(2, 3)
                    .noneMatch(Files::exists);
            assertThat(backfill.converted()).isEqualTo(files.size());

            PrometheusSettings settings = PrometheusSettings.fast().withTargets(simulator.scrapeTargets())
                    .withHistory(blocks);
            try (PrometheusComponent prometheus = new PrometheusComponent(new Workspace(workspaceDir), settings)) {
                prometheus.start();
                PrometheusQueries queries = new PrometheusQueries(prometheus.url(), HttpClient.newHttpClient());
                Map<String, Double> series = perCluster(fleet::dcgmSeriesCount);
                Map<String, Double> pastEnergy = queries.byLabelAt(ENERGY_BY_GPU, "gpu_uuid", end);
                queries.await("count by (cluster) (DCGM_FI_DEV_GPU_TEMP)", "cluster", series::equals, PATIENCE);

                // A step of the past; only samples taken then count (a series that ended just before still shows
                // for Prometheus' 5-minute lookback: written history has no staleness markers).
                Instant past = Instant.ofEpochSecond(Math.floorDiv(end.minus(Duration.ofHours(13)).getEpochSecond(),
                        STEP.toSeconds()) * STEP.toSeconds());
                String scrapedThen = " == " + past.getEpochSecond();
                String dcgm = "DCGM_FI_DEV_GPU_TEMP{job=\"" + FleetSimulator.DCGM_JOB + "\", instance=\"127.0.0.1:"
                        + simulator.port() + "\"}";
                assertThat(queries.byLabelAt("count by (cluster) (timestamp(" + dcgm + ")" + scrapedThen + ")",
                        "cluster", past)).as("one series per GPU and MIG instance, under the scrape's labels")
                        .isEqualTo(series);
                assertThat(queries.byLabelAt("count by (cluster) (timestamp(kube_node_info)" + scrapedThen + ")",
                        "cluster", past)).isEqualTo(perCluster(cluster -> fleet.nodes(cluster).size()
                        + fleet.vmNodes(cluster).size()));
                long holding = history.holdings().stream()
                        .filter(h -> !past.isBefore(h.from()) && past.isBefore(h.to())).count();
                assertThat(holding).as("pods held GPUs at that time").isPositive();
                assertThat(queries.byLabelAt("count(timestamp(kube_pod_container_resource_requests{resource!=\""
                        + PASSTHROUGH + "\"})" + scrapedThen + ")", "", past).get(""))
                        .as("a GPU request per pod holding a GPU or an instance then").isEqualTo((double) holding);
                String vmRequests = "kube_pod_container_resource_requests{resource=\"" + PASSTHROUGH + "\"}";
                assertThat(queries.byLabelAt("sum by (cluster) (" + vmRequests + " and (timestamp(" + vmRequests + ")"
                        + scrapedThen + "))", "cluster", past)).as("the VMs held their passthrough GPUs then")
                        .isEqualTo(perCluster(cluster -> fleet.virtualMachines(cluster).stream()
                                .mapToInt(FleetVm::gpus).sum()));
                assertThat(queries.byLabelAt("count by (cluster) (timestamp(kubevirt_vmi_info)" + scrapedThen + ")",
                        "cluster", past)).as("and KubeVirt named them")
                        .isEqualTo(perCluster(cluster -> fleet.virtualMachines(cluster).size()));
                double vms = fleet.virtualMachines().size();
                queries.await("count(timestamp(" + vmRequests + ") > " + end.getEpochSecond() + ")", "",
                        live -> Double.valueOf(vms).equals(live.get("")), PATIENCE);
                assertThat(queries.byLabel("count(count_over_time(" + vmRequests + "[1d]))", "").get(""))
                        .as("a VM's request runs on from the past into the live page as one series").isEqualTo(vms);
                assertThat(queries.byLabelAt("count(count by (namespace, pod) "
                        + "(last_over_time(kube_pod_container_resource_requests[1d])))", "", end).get(""))
                        .as("pods came and went over the day").isGreaterThan(2.0 * fleet.pods().size());

                Map<String, Double> liveEnergy = queries.byLabel(ENERGY_BY_GPU, "gpu_uuid");
                assertThat(pastEnergy).hasSize(fleet.devices().size());
                pastEnergy.forEach((uuid, joules) -> assertThat(liveEnergy.get(uuid))
                        .as("the energy counter of %s carries on from the past", uuid)
                        .isGreaterThanOrEqualTo(joules).isLessThan(joules + 700.0 * 1000 * 900));

                FleetDevice degraded = history.degradedDevice().orElseThrow();
                String uuidLabel = fleet.clusters().stream().filter(c -> c.name().equals(degraded.cluster()))
                        .findFirst().map(ClusterSpec::labels).orElseThrow().uuidLabel();
                assertThat(queries.byLabelAt("max by (" + uuidLabel + ") (max_over_time(DCGM_FI_DEV_XID_ERRORS[1d]))",
                        uuidLabel, end))
                        .as("only the degraded GPU reported an XID error").containsEntry(degraded.uuid(), 48.0)
                        .allSatisfy((uuid, xid) -> assertThat(xid).isEqualTo(uuid.equals(degraded.uuid()) ? 48.0 : 0));
                double hottestHealthy = 27 + 0.065 * degraded.node().model().maxWatts();
                assertThat(queries.byLabelAt("max by (" + uuidLabel + ") (max_over_time(DCGM_FI_DEV_GPU_TEMP[1d]))",
                        uuidLabel, end)
                        .get(degraded.uuid())).as("the degraded GPU ran hotter than a healthy one can")
                        .isGreaterThan(hottestHealthy);
            }
        }
    }

    private Map<String, Double> perCluster(ToIntFunction<String> count) {
        Map<String, Double> expected = new HashMap<>();
        for (ClusterSpec cluster : fleet.clusters()) {
            expected.put(cluster.name(), (double) count.applyAsInt(cluster.name()));
        }
        return expected;
    }
}
