package org.aitelemetry.devkit.fleet;

import static org.aitelemetry.devkit.fleet.SimulatorPages.named;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import org.aitelemetry.devkit.fleet.ExpositionParser.Sample;
import org.aitelemetry.devkit.prometheus.ScrapeTarget;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** AMD nodes beside the NVIDIA fleet: their Kubernetes facts, scrape targets, and what a tenant forges of them. */
class AmdNodesTest {

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(7).amdNodesPerCluster(2).build());

    @Test
    void addingAmdNodesLeavesTheNvidiaFleetAsItWas() {
        FleetDefinition without = FleetDefinition.generate(FleetSpec.builder(7).build());

        assertThat(fleet.devices()).isEqualTo(without.devices());
        assertThat(fleet.pods()).containsAll(without.pods());
        assertThat(without.amdNodes()).isEmpty();
        assertThat(fleet.amdNodes()).hasSize(4);
        assertThat(fleet.amdDevices().stream().map(AmdDevice::serial).distinct())
                .hasSize(4 * AmdGenerator.GPUS_PER_NODE);
        assertThat(FleetDefinition.generate(FleetSpec.builder(7).amdNodesPerCluster(2).build()).amdDevices())
                .as("deterministic").isEqualTo(fleet.amdDevices());
    }

    @Test
    void theKubePageLabelsAmdNodesAsAmdsOperatorDoesAndListsTheirCapacityAndRequests() throws Exception {
        try (FleetSimulator simulator = new FleetSimulator(fleet)) {
            simulator.start();
            List<Sample> page = new SimulatorPages(simulator).samples(FleetSimulator.kubePath("hub-a"));
            FleetNode mixed = fleet.amdNodes("hub-a").get(0);

            assertThat(named(page, "kube_node_labels")).filteredOn(s -> s.labels().get("node").equals(mixed.name()))
                    .singleElement().satisfies(labels -> assertThat(labels.labels())
                            .containsEntry("label_amd_com_gpu_product_name", "Instinct_MI300X")
                            .doesNotContainKeys("label_nvidia_com_gpu_product", "label_nvidia_com_gpu_count"));
            assertThat(named(page, "kube_node_status_capacity"))
                    .filteredOn(s -> s.labels().get("node").equals(mixed.name()))
                    .extracting(s -> s.labels().get("resource") + "=" + (long) s.value())
                    .containsExactlyInAnyOrder("amd_com_gpu=4", "amd_com_cpx_nps4=32");
            assertThat(named(page, "kube_node_info")).extracting(s -> s.labels().get("node"))
                    .contains(mixed.name(), fleet.amdNodes("hub-a").get(1).name());

            List<FleetPod> amdPods = fleet.pods("hub-a").stream()
                    .filter(pod -> fleet.amdNodes("hub-a").contains(pod.node())).toList();
            assertThat(amdPods).extracting(FleetPod::resource).contains("amd.com/gpu", "amd.com/cpx_nps4");
            List<Sample> requests = named(page, "kube_pod_container_resource_requests").stream()
                    .filter(s -> s.labels().get("resource").startsWith("amd_com_")).toList();
            assertThat(requests).extracting(s -> s.labels().get("pod") + " " + s.labels().get("resource") + " "
                    + (long) s.value()).containsExactlyInAnyOrderElementsOf(amdPods.stream().map(pod -> pod.name()
                    + " " + pod.resource().replaceAll("[./]", "_") + " " + pod.requested()).toList());
            assertThat(amdPods).filteredOn(pod -> pod.resource().equals("amd.com/cpx_nps4"))
                    .allSatisfy(pod -> assertThat(pod.devices()).hasSize(1));
        }
    }

    @Test
    void eachClusterWithAmdNodesIsScrapedUnderTheExportersJob() throws Exception {
        FleetDefinition withoutAmd = FleetDefinition.generate(FleetSpec.builder(7).build());
        try (FleetSimulator simulator = new FleetSimulator(fleet);
                FleetSimulator nvidiaOnly = new FleetSimulator(withoutAmd)) {
            simulator.start();
            nvidiaOnly.start();

            assertThat(simulator.scrapeTargets()).filteredOn(target -> target.job().equals(FleetSimulator.AMD_JOB))
                    .extracting(ScrapeTarget::metricsPath, target -> target.labels().get("cluster"))
                    .containsExactly(Tuple.tuple("/metrics/hub-a/amd", "hub-a"),
                            Tuple.tuple("/metrics/hub-b/amd", "hub-b"));
            assertThat(nvidiaOnly.scrapeTargets()).extracting(ScrapeTarget::job)
                    .doesNotContain(FleetSimulator.AMD_JOB);
            assertThat(new SimulatorPages(nvidiaOnly).status(FleetSimulator.amdPath("hub-a"))).isEqualTo(404);
            assertThat(FleetSimulator.workerExporterConfig()).contains(
                    entry("telemetry.exporters.amd.job", "amd-device-metrics-exporter"),
                    entry("telemetry.exporters.amd.namespace", "*"));
        }
    }

    @Test
    void theTenantForgesVramUseOfARealAmdBoardByTheVictim() throws Exception {
        try (FleetSimulator simulator = new FleetSimulator(fleet)) {
            simulator.start();
            for (ClusterSpec cluster : fleet.clusters()) {
                AmdDevice forged = simulator.forgery().forgedAmdDevice(cluster.name()).orElseThrow();
                List<Sample> page = new SimulatorPages(simulator).samples(FleetSimulator.tenantPath(cluster.name()));

                assertThat(named(page, "gpu_used_vram")).singleElement().satisfies(sample -> {
                    assertThat(sample.labels()).contains(entry("serial_number", forged.serial()),
                            entry("gpu_uuid", forged.device().uuid()), entry("hostname", forged.node().name()),
                            entry("namespace", simulator.forgery().victimNamespace(cluster.name())),
                            entry("pod", TenantForgery.FORGED_PODS.get(0)));
                    assertThat(sample.value()).isEqualTo(forged.memoryMiB());
                });
            }
        }
    }
}
