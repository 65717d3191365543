package org.aitelemetry.devkit.fleet;

import static org.aitelemetry.devkit.fleet.SimulatorPages.named;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.fleet.ExpositionParser.Sample;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The AMD device-metrics-exporter page: its label set, partition layout, MI2xx spellings, sentinels and prefix. */
class AmdExporterPageTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final List<String> EXPORTER_LABELS = List.of("card_model", "card_series", "card_vendor",
            "driver_version", "gpu_compute_partition_type", "gpu_id", "gpu_memory_partition_type", "gpu_partition_id",
            "gpu_uuid", "hostname", "serial_number", "vbios_version");

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(7).amdNodesPerCluster(2).build());
    private FleetSimulator simulator;

    @AfterEach
    void stop() {
        if (simulator != null) {
            simulator.close();
        }
    }

    @Test
    void everyGpuAndPartitionHasTheExporterLabelsAndPhysicalReadingsOnlyOnPartitionZero() throws Exception {
        for (ClusterSpec cluster : fleet.clusters()) {
            List<Sample> page = page(fleet, NOW, FleetSimulator.amdPath(cluster.name()));
            List<AmdDevice> devices = fleet.amdDevices(cluster.name());
            long physical = devices.stream().filter(AmdDevice::physical).count();
            for (String field : List.of("gpu_gfx_activity", "gpu_used_vram", "gpu_total_vram", "gpu_free_vram")) {
                assertThat(named(page, field)).as(field).hasSize(devices.size());
            }
            for (String field : List.of("gpu_memory_temperature", "gpu_energy_consumed", "gpu_ecc_uncorrect_total")) {
                assertThat(named(page, field)).as(field).hasSize((int) physical)
                        .allSatisfy(sample -> assertThat(sample.labels()).containsEntry("gpu_partition_id", "0"));
            }
            assertThat(page).allSatisfy(sample -> assertThat(sample.labels()).containsKeys(
                    EXPORTER_LABELS.toArray(String[]::new)).containsEntry("card_vendor", "AMD")
                    .doesNotContainKey("cluster"));
            assertThat(named(page, "gpu_total_vram")).extracting(sample -> sample.labels().get("gpu_uuid"))
                    .doesNotHaveDuplicates().hasSize(devices.size());
        }
    }

    @Test
    void aClustersFirstAmdNodeRunsHalfItsGpusInEightCpxPartitionsSharingTheBoardsSerial() throws Exception {
        FleetNode first = fleet.amdNodes("hub-a").get(0);
        List<Sample> vram = named(page(fleet, NOW, FleetSimulator.amdPath("hub-a")), "gpu_total_vram").stream()
                .filter(sample -> sample.labels().get("hostname").equals(first.name())).toList();
        Map<String, List<Sample>> byBoard = vram.stream()
                .collect(Collectors.groupingBy(sample -> sample.labels().get("serial_number")));

        assertThat(byBoard).hasSize(AmdGenerator.GPUS_PER_NODE);
        List<List<Sample>> partitioned = byBoard.values().stream().filter(board -> board.size() > 1).toList();
        assertThat(partitioned).hasSize(4).allSatisfy(board -> {
            assertThat(board).hasSize(8).allSatisfy(partition -> {
                assertThat(partition.labels()).contains(entry("gpu_compute_partition_type", "cpx"),
                        entry("gpu_memory_partition_type", "nps4"));
                assertThat(partition.value()).isEqualTo(196_592 / 8);
            });
            assertThat(board).extracting(partition -> partition.labels().get("gpu_partition_id"))
                    .containsExactlyInAnyOrder("0", "1", "2", "3", "4", "5", "6", "7");
        });
        assertThat(vram).extracting(sample -> sample.labels().get("gpu_id")).doesNotHaveDuplicates().hasSize(4 + 32);
        assertThat(fleet.amdDevicesOn(fleet.amdNodes("hub-a").get(1))).allSatisfy(amd ->
                assertThat(amd.partitioning()).isEqualTo(AmdPartitioning.SPX_NPS1));
        assertThat(fleet.amdDevices()).extracting(AmdDevice::serial).filteredOn(serial -> serial.length() == 12)
                .hasSize(fleet.amdDevices().size());
    }

    @Test
    void anMi250xPublishesTheMi2xxSpellingsAndNoJunctionTemperature() throws Exception {
        FleetNode mi250x = fleet.amdNodes("hub-b").get(1);
        assertThat(fleet.amdDevicesOn(mi250x)).allSatisfy(amd -> assertThat(amd.model()).isEqualTo(AmdModel.MI250X));
        List<Sample> page = page(fleet, NOW, FleetSimulator.amdPath("hub-b"));

        assertThat(named(page, "gpu_average_package_power")).hasSize(8).allSatisfy(sample ->
                assertThat(sample.labels()).contains(entry("hostname", mi250x.name()),
                        entry("card_series", "AMD Instinct MI250X")));
        assertThat(named(page, "gpu_edge_temperature")).hasSize(8);
        assertThat(page).filteredOn(sample -> sample.labels().get("hostname").equals(mi250x.name()))
                .extracting(Sample::name).doesNotContain("gpu_junction_temperature", "gpu_package_power");
        assertThat(named(page(fleet, NOW, FleetSimulator.amdPath("hub-a")), "gpu_edge_temperature")).isEmpty();
    }

    @Test
    void oneGpuOfTheFirstClusterPublishesThePreV14SentinelsAndNoOtherDoes() throws Exception {
        AmdDevice sentinel = fleet.amdDevices().stream().filter(amd -> amd.device().blank()).collect(
                Collectors.collectingAndThen(Collectors.toList(), list -> {
                    assertThat(list).hasSize(1);
                    return list.get(0);
                }));
        assertThat(sentinel.cluster()).isEqualTo("hub-a");
        List<Sample> page = page(fleet, NOW, FleetSimulator.amdPath("hub-a"));
        for (String field : List.of("gpu_package_power", "gpu_junction_temperature", "gpu_memory_temperature")) {
            assertThat(named(page, field)).as(field).allSatisfy(sample -> {
                if (sample.labels().get("gpu_uuid").equals(sentinel.device().uuid())) {
                    assertThat(sample.value()).isEqualTo(65_535);
                } else {
                    assertThat(sample.value()).isLessThan(1_000);
                }
            });
        }
        assertThat(named(page, "gpu_package_power")).filteredOn(sample -> sample.value() == AmdDevice.SENTINEL)
                .singleElement().satisfies(sample ->
                        assertThat(sample.labels()).containsEntry("serial_number", sentinel.serial()));
    }

    @Test
    void theHelmPrefixNamesEveryField() throws Exception {
        FleetDefinition prefixed = FleetDefinition.generate(FleetSpec.builder(7).amdNodesPerCluster(1)
                .amdHelmPrefix(true).build());
        List<Sample> page = page(prefixed, NOW, FleetSimulator.amdPath("hub-a"));

        assertThat(page).isNotEmpty().allSatisfy(sample -> assertThat(sample.name()).startsWith("amd_gpu_"));
        assertThat(named(page, "amd_gpu_used_vram")).hasSize(prefixed.amdDevices("hub-a").size());
    }

    @Test
    void energyIsACounterRisingByThePowerDrawn() throws Exception {
        List<Sample> before = named(page(fleet, NOW, FleetSimulator.amdPath("hub-a")), "gpu_energy_consumed");
        List<Sample> after = named(page(fleet, NOW.plusSeconds(60), FleetSimulator.amdPath("hub-a")),
                "gpu_energy_consumed");
        Map<String, Double> start = before.stream().collect(Collectors.toMap(s -> s.labels().get("gpu_uuid"),
                Sample::value));
        assertThat(after).hasSize(before.size()).allSatisfy(sample -> {
            double joules = (sample.value() - start.get(sample.labels().get("gpu_uuid"))) / 1e6;
            assertThat(joules).as("a minute at 45–750 W").isBetween(45.0 * 60 - 1, 750.0 * 60 + 1);
        });
    }

    @Test
    void aFederatedClustersSeriesNameTheExporterPodAndTheWorkloadAsExported() throws Exception {
        FleetPod onB = fleet.pods("hub-b").stream().filter(pod -> fleet.amdNodes("hub-b").contains(pod.node()))
                .findFirst().orElseThrow();
        FleetPod onA = fleet.pods("hub-a").stream().filter(pod -> fleet.amdNodes("hub-a").contains(pod.node()))
                .findFirst().orElseThrow();
        Sample federated = byUuid(page(fleet, NOW, FleetSimulator.amdPath("hub-b")), onB.devices().get(0).uuid());
        Sample honoured = byUuid(page(fleet, NOW, FleetSimulator.amdPath("hub-a")), onA.devices().get(0).uuid());

        assertThat(federated.labels()).contains(entry("namespace", FleetSimulator.AMD_NAMESPACE),
                entry("container", "metrics-exporter-container"), entry("pod", onB.node().exporterPod()),
                entry("exported_namespace", onB.namespace()), entry("exported_pod", onB.name()),
                entry("exported_container", onB.container()));
        assertThat(honoured.labels()).contains(entry("namespace", onA.namespace()), entry("pod", onA.name()),
                entry("container", onA.container())).doesNotContainKey("exported_namespace");
        assertThat(onA.resource()).isIn("amd.com/gpu", "amd.com/cpx_nps4");
    }

    /** The page as a simulator of {@code definition} serves it at {@code at}; the one before is stopped. */
    private List<Sample> page(FleetDefinition definition, Instant at, String path) throws Exception {
        stop();
        simulator = new FleetSimulator(definition, Clock.fixed(at, ZoneOffset.UTC));
        simulator.start();
        return new SimulatorPages(simulator).samples(path);
    }

    private static Sample byUuid(List<Sample> page, String uuid) {
        return named(page, "gpu_used_vram").stream().filter(sample -> uuid.equals(sample.labels().get("gpu_uuid")))
                .findFirst().orElseThrow();
    }
}
