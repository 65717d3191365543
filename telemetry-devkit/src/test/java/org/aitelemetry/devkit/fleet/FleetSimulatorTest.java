package org.aitelemetry.devkit.fleet;

import static org.aitelemetry.devkit.fleet.SimulatorPages.named;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.fleet.ExpositionParser.Sample;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FleetSimulatorTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final List<String> DCGM_FAMILIES = List.of("DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_MEMORY_TEMP",
            "DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
            "DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_FB_FREE", "DCGM_FI_DEV_FB_USED", "DCGM_FI_PROF_GR_ENGINE_ACTIVE",
            "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "DCGM_FI_PROF_DRAM_ACTIVE");

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(7).build());
    private FleetSimulator simulator;

    @AfterEach
    void stop() {
        simulator.close();
    }

    @Test
    void dcgmPagesParseAndMatchTheDefinition() throws Exception {
        simulator = started(fleet, Clock.fixed(NOW, ZoneOffset.UTC));
        for (ClusterSpec cluster : fleet.clusters()) {
            List<Sample> samples = ExpositionParser.parse(get(FleetSimulator.dcgmPath(cluster.name())));
            List<FleetDevice> devices = fleet.devices(cluster.name());
            String uuidLabel = cluster.labels().uuidLabel();

            for (String family : DCGM_FAMILIES) {
                assertThat(named(samples, family)).as(family).hasSize(fleet.dcgmSeriesCount(cluster.name()));
            }
            assertThat(named(samples, "DCGM_FI_DEV_GPU_UTIL")).hasSize((int) devices.stream().filter(d -> !d.mig()).count());
            assertThat(named(samples, "DCGM_FI_DEV_GPU_TEMP").stream().map(s -> s.labels().get(uuidLabel)).distinct())
                    .containsExactlyInAnyOrderElementsOf(devices.stream().map(FleetDevice::uuid).toList());
            assertThat(named(samples, "DCGM_FI_DEV_GPU_TEMP").stream().filter(s -> s.labels().containsKey("GPU_I_ID")))
                    .hasSize(fleet.slices(cluster.name()).size());
            assertThat(samples).allSatisfy(sample -> assertThat(sample.labels())
                    .containsKeys("gpu", uuidLabel, "pci_bus_id", "device", "modelName", cluster.labels().hostnameLabel(),
                            "DCGM_FI_DRIVER_VERSION")
                    .doesNotContainKey("cluster"));
        }
    }

    @Test
    void labelVariantsNameTheWorkloadAsTheirExportersDo() throws Exception {
        simulator = started(fleet, Clock.fixed(NOW, ZoneOffset.UTC));
        FleetPod onA = fleet.pods("hub-a").stream().filter(pod -> !pod.devices().isEmpty()).findFirst().orElseThrow();
        FleetPod onB = fleet.pods("hub-b").stream().filter(pod -> !pod.devices().isEmpty()).findFirst().orElseThrow();

        Sample a = seriesOf(ExpositionParser.parse(get(FleetSimulator.dcgmPath("hub-a"))), "UUID", onA.devices().get(0));
        Sample b = seriesOf(ExpositionParser.parse(get(FleetSimulator.dcgmPath("hub-b"))), "uuid", onB.devices().get(0));

        assertThat(a.labels()).containsEntry("Hostname", onA.node().name()).containsEntry("namespace", onA.namespace())
                .containsEntry("pod", onA.name()).containsEntry("container", onA.container());
        assertThat(b.labels()).containsEntry("hostname", onB.node().name())
                .containsEntry("exported_namespace", onB.namespace()).containsEntry("exported_pod", onB.name())
                .containsEntry("namespace", "nvidia-gpu-operator").containsEntry("pod", onB.node().exporterPod());
    }

    @Test
    void blanksAppearWhereRealExportersPutThem() throws Exception {
        simulator = started(fleet, Clock.fixed(NOW, ZoneOffset.UTC));
        FleetDevice blank = fleet.devices().stream().filter(FleetDevice::blank).findFirst().orElseThrow();
        String uuidLabel = fleet.clusters().stream().filter(c -> c.name().equals(blank.cluster())).findFirst().orElseThrow()
                .labels().uuidLabel();
        List<Sample> samples = ExpositionParser.parse(get(FleetSimulator.dcgmPath(blank.cluster())));

        assertThat(seriesOf(named(samples, "DCGM_FI_DEV_GPU_UTIL"), uuidLabel, blank).value())
                .isEqualTo(FleetReadings.INT32_BLANK);
        assertThat(seriesOf(named(samples, "DCGM_FI_DEV_MEMORY_TEMP"), uuidLabel, blank).value())
                .isEqualTo((double) FleetReadings.INT64_NOT_SUPPORTED);
        assertThat(named(samples, "DCGM_FI_DEV_GPU_UTIL")).noneMatch(s -> s.labels().containsKey("GPU_I_ID"));
    }

    @Test
    void kubePagesCarryNodesAllocationsAndProjectFacts() throws Exception {
        simulator = started(fleet, Clock.fixed(NOW, ZoneOffset.UTC));
        for (ClusterSpec cluster : fleet.clusters()) {
            List<Sample> samples = ExpositionParser.parse(get(FleetSimulator.kubePath(cluster.name())));
            List<FleetPod> pods = fleet.pods(cluster.name());

            assertThat(named(samples, "kube_node_info")).hasSize(fleet.nodes(cluster.name()).size());
            assertThat(named(samples, "kube_node_labels")).allSatisfy(s -> assertThat(s.labels())
                    .containsKeys("label_nvidia_com_gpu_product", "label_nvidia_com_cuda_driver_major"));
            assertThat(named(samples, "kube_pod_container_resource_requests")).extracting(s -> s.labels().get("resource"))
                    .containsExactlyElementsOf(pods.stream().map(p -> p.resource().replaceAll("[./-]", "_")).toList());
            assertThat(named(samples, "kube_node_status_capacity").stream()
                    .filter(s -> s.labels().get("resource").startsWith("nvidia_com_mig_")).mapToDouble(Sample::value).sum())
                    .isEqualTo(fleet.slices(cluster.name()).size());
            assertThat(named(samples, "kube_pod_container_status_restarts_total").stream().filter(s -> s.value() > 0))
                    .hasSize((int) pods.stream().filter(FleetPod::restarting).count());
            assertThat(named(samples, "kube_pod_deletion_timestamp")).extracting(s -> s.labels().get("pod"))
                    .containsExactlyElementsOf(pods.stream().filter(FleetPod::terminating).map(FleetPod::name).toList());
            assertThat(named(samples, "kubelet_volume_stats_capacity_bytes")).hasSize(fleet.projects(cluster.name()).size());
            assertThat(named(samples, "vllm:e2e_request_latency_seconds_count")).extracting(s -> s.labels().get("namespace"))
                    .containsExactlyElementsOf(fleet.projects(cluster.name()).stream()
                            .filter(FleetProject::vllm).map(FleetProject::namespace).toList());
        }
    }

    @Test
    void sameSeedAndTimeGiveTheSameBytesAnotherSeedOtherGpus() throws Exception {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        simulator = started(fleet, clock);
        String dcgm = get(FleetSimulator.dcgmPath("hub-a"));
        String kube = get(FleetSimulator.kubePath("hub-b"));
        simulator.close();

        simulator = started(FleetDefinition.generate(FleetSpec.builder(7).build()), clock);
        assertThat(get(FleetSimulator.dcgmPath("hub-a"))).isEqualTo(dcgm);
        assertThat(get(FleetSimulator.kubePath("hub-b"))).isEqualTo(kube);
        simulator.close();

        simulator = started(FleetDefinition.generate(FleetSpec.builder(8).build()), clock);
        Set<String> otherUuids = ExpositionParser.parse(get(FleetSimulator.dcgmPath("hub-a"))).stream()
                .map(s -> s.labels().get("UUID")).collect(Collectors.toSet());
        assertThat(otherUuids).doesNotContainAnyElementsOf(fleet.devices().stream().map(FleetDevice::uuid).toList());
    }

    @Test
    void aRemovedNodeLeavesBothPagesAndComesBack() throws Exception {
        simulator = started(fleet, Clock.fixed(NOW, ZoneOffset.UTC));
        FleetNode node = fleet.nodes("hub-a").get(1);
        int nodeSeries = fleet.devicesOn(node).stream().mapToInt(d -> d.mig() ? d.slices().size() : 1).sum();

        simulator.removeNode("hub-a", node.name());
        List<Sample> dcgm = ExpositionParser.parse(get(FleetSimulator.dcgmPath("hub-a")));
        List<Sample> kube = ExpositionParser.parse(get(FleetSimulator.kubePath("hub-a")));
        assertThat(named(dcgm, "DCGM_FI_DEV_GPU_TEMP")).hasSize(fleet.dcgmSeriesCount("hub-a") - nodeSeries)
                .noneMatch(s -> s.labels().get("Hostname").equals(node.name()));
        assertThat(kube).noneMatch(s -> node.name().equals(s.labels().get("node")));
        assertThat(named(ExpositionParser.parse(get(FleetSimulator.dcgmPath("hub-b"))), "DCGM_FI_DEV_GPU_TEMP"))
                .as("the same node name in another cluster stays").hasSize(fleet.dcgmSeriesCount("hub-b"));

        simulator.restoreNode("hub-a", node.name());
        assertThat(named(ExpositionParser.parse(get(FleetSimulator.dcgmPath("hub-a"))), "DCGM_FI_DEV_GPU_TEMP"))
                .hasSize(fleet.dcgmSeriesCount("hub-a"));
    }

    @Test
    void aReleasedGpuOrSliceLosesItsPodLabelsUntilItIsHeldAgain() throws Exception {
        simulator = started(fleet, Clock.fixed(NOW, ZoneOffset.UTC));
        FleetDevice gpu = fleet.devices("hub-a").stream().filter(d -> !d.mig() && fleet.podUsing(d).isPresent())
                .findFirst().orElseThrow();
        FleetDevice migGpu = fleet.devices("hub-a").stream().filter(FleetDevice::mig).findFirst().orElseThrow();
        MigSlice slice = migGpu.slices().stream().filter(s -> fleet.podUsing(s).isPresent()).findFirst().orElseThrow();

        simulator.release(gpu);
        simulator.release(migGpu, slice);
        List<Sample> released = named(ExpositionParser.parse(get(FleetSimulator.dcgmPath("hub-a"))), "DCGM_FI_DEV_FB_USED");
        assertThat(samplesOf(released, gpu.uuid(), null)).singleElement()
                .satisfies(sample -> assertThat(sample.labels()).doesNotContainKeys("pod", "namespace", "container"));
        assertThat(samplesOf(released, migGpu.uuid(), slice.gpuInstanceId())).singleElement()
                .satisfies(sample -> assertThat(sample.labels()).doesNotContainKey("pod"));
        assertThat(released).as("other holders keep their pods").anyMatch(sample -> sample.labels().containsKey("pod"));

        simulator.hold(gpu);
        simulator.hold(migGpu, slice);
        List<Sample> held = named(ExpositionParser.parse(get(FleetSimulator.dcgmPath("hub-a"))), "DCGM_FI_DEV_FB_USED");
        assertThat(samplesOf(held, gpu.uuid(), null)).singleElement()
                .satisfies(sample -> assertThat(sample.labels()).containsEntry("pod", fleet.podUsing(gpu).get().name()));
        assertThat(samplesOf(held, migGpu.uuid(), slice.gpuInstanceId())).singleElement()
                .satisfies(sample -> assertThat(sample.labels()).containsEntry("pod", fleet.podUsing(slice).get().name()));
    }

    private static List<Sample> samplesOf(List<Sample> samples, String uuid, Integer gpuInstanceId) {
        return samples.stream().filter(sample -> uuid.equals(sample.labels().get("UUID"))
                && String.valueOf(gpuInstanceId).equals(sample.labels().getOrDefault("GPU_I_ID", "null"))).toList();
    }

    @Test
    void anEnergyResetRestartsOneNodesCounters() throws Exception {
        SteppingClock clock = new SteppingClock(NOW);
        simulator = started(fleet, clock);
        FleetNode reset = fleet.nodes("hub-a").get(0);
        List<Sample> before = named(ExpositionParser.parse(get(FleetSimulator.dcgmPath("hub-a"))),
                "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION");

        simulator.resetEnergy("hub-a", reset.name());
        clock.advance(Duration.ofSeconds(10));
        List<Sample> after = named(ExpositionParser.parse(get(FleetSimulator.dcgmPath("hub-a"))),
                "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION");

        for (int i = 0; i < before.size(); i++) {
            boolean onResetNode = before.get(i).labels().get("Hostname").equals(reset.name());
            double tenSecondsMax = reset.model().maxWatts() * 10 * 1000;
            if (onResetNode) {
                assertThat(after.get(i).value()).isPositive().isLessThanOrEqualTo(tenSecondsMax);
            } else {
                assertThat(after.get(i).value()).isGreaterThan(before.get(i).value());
            }
        }
    }

    @Test
    void unknownPagesAreNotFound() throws Exception {
        simulator = started(fleet, Clock.fixed(NOW, ZoneOffset.UTC));

        assertThat(status("/metrics/nowhere/dcgm")).isEqualTo(404);
        assertThat(status("/metrics/hub-a/other")).isEqualTo(404);
        assertThat(status("/metrics")).isEqualTo(404);
        assertThat(status(FleetSimulator.kubevirtPath("hub-a"))).as("a cluster without VMs runs no KubeVirt")
                .isEqualTo(404);
    }

    @Test
    void tenThousandGpusScrapeInWellUnderASecondPerPage() throws Exception {
        FleetDefinition benchmark = FleetDefinition.generate(FleetSpec.benchmark(1));
        simulator = started(benchmark, Clock.systemUTC());
        long slowest = 0;
        long total = 0;
        for (int round = 0; round < 2; round++) {
            long roundStart = System.nanoTime();
            for (ClusterSpec cluster : benchmark.clusters()) {
                for (String path : List.of(FleetSimulator.dcgmPath(cluster.name()), FleetSimulator.kubePath(cluster.name()))) {
                    long start = System.nanoTime();
                    get(path);
                    slowest = round == 0 ? 0 : Math.max(slowest, System.nanoTime() - start);
                }
            }
            total = System.nanoTime() - roundStart;
        }
        System.out.printf("10,000 GPUs: all %d pages in %.3f s, slowest %.3f s%n",
                benchmark.clusters().size() * 2, total / 1e9, slowest / 1e9);
        assertThat(Duration.ofNanos(slowest)).isLessThan(Duration.ofSeconds(1));
    }

    private FleetSimulator started(FleetDefinition definition, Clock clock) throws IOException {
        FleetSimulator started = new FleetSimulator(definition, clock);
        started.start();
        return started;
    }

    private String get(String path) throws IOException, InterruptedException {
        return new SimulatorPages(simulator).get(path);
    }

    private int status(String path) throws IOException, InterruptedException {
        return new SimulatorPages(simulator).status(path);
    }

    private static Sample seriesOf(List<Sample> samples, String uuidLabel, FleetDevice device) {
        return samples.stream().filter(sample -> device.uuid().equals(sample.labels().get(uuidLabel))).findFirst().orElseThrow();
    }
}
