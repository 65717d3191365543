package org.aitelemetry.devkit.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FleetDefinitionTest {

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(7).build());

    @Test
    void sizesFollowTheSpec() {
        assertThat(fleet.clusters()).extracting(ClusterSpec::name).containsExactly("hub-a", "hub-b");
        for (ClusterSpec cluster : fleet.clusters()) {
            List<FleetDevice> devices = fleet.devices(cluster.name());
            assertThat(fleet.nodes(cluster.name())).hasSize(3);
            assertThat(devices).hasSize(12);
            assertThat(devices.stream().filter(FleetDevice::mig)).hasSize(3);
            assertThat(fleet.slices(cluster.name())).hasSize(7 + 3 + 7);
            assertThat(fleet.projects(cluster.name())).hasSize(4);
            assertThat(fleet.dcgmSeriesCount(cluster.name())).isEqualTo(9 + 17);
        }
        assertThat(fleet.nodes("hub-a")).extracting(FleetNode::name)
                .as("node names repeat across clusters").containsExactly("worker-gpu-0001", "worker-gpu-0002", "worker-gpu-0003");
        assertThat(fleet.nodes("hub-b")).extracting(FleetNode::name)
                .containsExactly("worker-gpu-0001", "worker-gpu-0002", "worker-gpu-0003");
    }

    @Test
    void identitiesLookLikeTheRealOnes() {
        FleetDevice device = fleet.devices().get(0);
        assertThat(device.uuid()).matches("GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
        assertThat(device.pciBusId()).isEqualTo("00000000:18:00.0");
        assertThat(fleet.device(device.uuid())).isEqualTo(device);
        assertThat(fleet.devices()).extracting(FleetDevice::uuid).doesNotHaveDuplicates();
        assertThat(fleet.nodes()).extracting(FleetNode::cudaDriverMajor).containsAnyOf("550", "570");
        assertThat(fleet.slices()).allSatisfy(slice -> assertThat(fleet.device(slice.deviceUuid()).mig()).isTrue());
    }

    @Test
    void podsHoldGpusOfTheirOwnNodeAndNeverShareThem() {
        Set<Object> held = new HashSet<>();
        for (FleetPod pod : fleet.pods()) {
            assertThat(pod.devices().isEmpty()).isNotEqualTo(pod.slices().isEmpty());
            pod.devices().forEach(device -> assertThat(device.node()).isEqualTo(pod.node()));
            pod.slices().forEach(slice -> assertThat(fleet.device(slice.deviceUuid()).node()).isEqualTo(pod.node()));
            assertThat(pod.devices()).allSatisfy(device -> assertThat(held.add(device)).isTrue());
            assertThat(pod.slices()).allSatisfy(slice -> assertThat(held.add(slice)).isTrue());
            assertThat(pod.project().cluster()).isEqualTo(pod.node().cluster());
            pod.devices().forEach(device -> assertThat(fleet.podUsing(device)).contains(pod));
            pod.slices().forEach(slice -> assertThat(fleet.podUsing(slice)).contains(pod));
        }
        assertThat(fleet.pods()).filteredOn(pod -> !pod.slices().isEmpty())
                .allSatisfy(pod -> assertThat(pod.resource()).startsWith("nvidia.com/mig-"));
    }

    @Test
    void everyClusterCarriesTheHealthFacts() {
        for (ClusterSpec cluster : fleet.clusters()) {
            List<FleetPod> pods = fleet.pods(cluster.name());
            assertThat(pods.stream().filter(FleetPod::restarting)).hasSize(2);
            assertThat(pods.stream().filter(FleetPod::terminating)).hasSize(1);
            assertThat(fleet.projects(cluster.name()).stream().filter(FleetProject::vllm)).hasSize(1);
            assertThat(fleet.volumes().stream().filter(v -> v.project().cluster().equals(cluster.name()) && v.full())).hasSize(1);
        }
        assertThat(fleet.devices().stream().filter(FleetDevice::blank)).singleElement()
                .satisfies(device -> assertThat(device.mig()).isFalse());
    }

    @Test
    void sameSeedSameFleetOtherSeedOtherGpus() {
        FleetDefinition again = FleetDefinition.generate(FleetSpec.builder(7).build());
        FleetDefinition other = FleetDefinition.generate(FleetSpec.builder(8).build());

        assertThat(again.devices()).isEqualTo(fleet.devices());
        assertThat(again.pods()).isEqualTo(fleet.pods());
        assertThat(other.devices()).extracting(FleetDevice::uuid)
                .doesNotContainAnyElementsOf(fleet.devices().stream().map(FleetDevice::uuid).toList());
    }

    @Test
    void benchmarkFleetHasTheAcceptanceFigures() {
        FleetDefinition benchmark = FleetDefinition.generate(FleetSpec.benchmark(1));

        assertThat(benchmark.nodes()).hasSize(1_250);
        assertThat(benchmark.devices()).hasSize(10_000);
        assertThat(benchmark.slices()).hasSize(2_000);
        assertThat(benchmark.projects()).hasSize(500);
        assertThat(benchmark.vmNodes()).isEmpty();
    }
}
