package org.aitelemetry.worker.sync;

import static org.aitelemetry.worker.sync.GpuFinder.Found.NOTHING_NEEDED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Sample;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.amd.AmdField;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.worker.allocation.MetadataSettings;
import org.aitelemetry.worker.catalogue.PassthroughDevices;
import org.aitelemetry.worker.promql.AmdQueries;
import org.aitelemetry.worker.sync.FleetSnapshot.ClusterObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.DeviceObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.SliceKey;
import org.aitelemetry.worker.sync.FleetSnapshot.SliceObservation;
import org.junit.jupiter.api.Test;

/** AMD GPUs beside NVIDIA ones in one snapshot: identity by board, partitions as slices, readings, holders, nodes. */
class AmdSnapshotTest {

    private static final Instant AT = Instant.parse("2026-11-25T12:00:00Z");
    private static final String MI300X = "AMD Instinct MI300X OAM";
    private static final double VRAM = 196_592;

    private final Map<FleetQuery, QueryResult> answers = new EnumMap<>(FleetQuery.class);
    private final List<Series> amdReadings = new ArrayList<>();

    @Test
    void aWholeGpuIsItsBoardWithItsReadingsAndItsHolder() {
        answers.put(FleetQuery.AMD_INVENTORY, vector(gpu(VRAM, "692409005408", "2", "spx", "0",
                "exported_namespace", "team-a", "exported_pod", "train-0", "exported_container", "main",
                "namespace", "kube-amd-gpu", "pod", "amd-metrics-exporter-x1")));
        reading(AmdField.GFX_ACTIVITY, 87, "692409005408", "spx", "0");
        reading(AmdField.USED_VRAM, 100_000, "692409005408", "spx", "0");
        reading(AmdField.POWER, 612, "692409005408", "spx", "0");
        reading(AmdField.TEMPERATURE, 71, "692409005408", "spx", "0");
        reading(AmdField.MEMORY_TEMPERATURE, 64, "692409005408", "spx", "0");
        reading(AmdField.ENERGY, 9_000_000_000.0, "692409005408", "spx", "0");

        ClusterObservation cluster = assemble();

        DeviceObservation gpu = cluster.devices().get("AMD-692409005408");
        assertThat(gpu.node()).isEqualTo("amd-node-1");
        assertThat(gpu.model()).isEqualTo(MI300X);
        assertThat(gpu.index()).isEqualTo(2);
        assertThat(gpu.migEnabled()).isFalse();
        assertThat(gpu.readings()).isEqualTo(new FleetSnapshot.Readings(87.0, 100_000.0, VRAM - 100_000, 612.0,
                71.0, 64.0, 9000.0));
        assertThat(cluster.slices()).isEmpty();
        assertThat(cluster.projects()).as("the holder is a project, the exporter's namespace is not")
                .containsOnlyKeys("team-a");
        assertThat(cluster.nodes().get("amd-node-1").driverVersion()).isEqualTo("6.12.12");
    }

    @Test
    void aCpxGpuIsOneDeviceWhosePartitionsAreSlices() {
        List<Series> inventory = new ArrayList<>();
        for (int partition = 0; partition < 8; partition++) {
            String id = String.valueOf(partition);
            inventory.add(partition == 3
                    ? gpu(VRAM / 8, "SN7", String.valueOf(40 + partition), "cpx", id, "namespace", "team-b", "pod",
                            "infer-0", "container", "vllm")
                    : gpu(VRAM / 8, "SN7", String.valueOf(40 + partition), "cpx", id));
            reading(AmdField.USED_VRAM, 1000 * (partition + 1), "SN7", "cpx", id);
            reading(AmdField.GFX_ACTIVITY, 10 * partition, "SN7", "cpx", id);
        }
        // Physical readings are on the first partition only.
        reading(AmdField.POWER, 540, "SN7", "cpx", "0");
        reading(AmdField.TEMPERATURE, 66, "SN7", "cpx", "0");
        answers.put(FleetQuery.AMD_INVENTORY, vector(inventory.toArray(Series[]::new)));

        ClusterObservation cluster = assemble();

        DeviceObservation gpu = cluster.devices().get("AMD-SN7");
        assertThat(cluster.devices()).containsOnlyKeys("AMD-SN7");
        assertThat(gpu.migEnabled()).isTrue();
        assertThat(gpu.index()).as("the first partition's gpu_id").isEqualTo(40);
        assertThat(gpu.readings().utilizationPercent()).as("a partitioned GPU has no activity of its own").isNull();
        assertThat(gpu.readings().memoryUsedMib()).isEqualTo(36_000.0);
        assertThat(gpu.readings().memoryFreeMib()).isCloseTo(VRAM - 36_000, within(1e-6));
        assertThat(gpu.readings().powerWatts()).isEqualTo(540.0);
        assertThat(gpu.readings().temperatureCelsius()).isEqualTo(66.0);
        assertThat(cluster.slices()).hasSize(8);
        SliceObservation held = cluster.slices().get(new SliceKey("AMD-SN7", 3));
        assertThat(held.profile()).isEqualTo("cpx/nps4");
        assertThat(held.engineActive()).isEqualTo(0.3);
        assertThat(held.memoryUsedMib()).isEqualTo(4000.0);
        assertThat(held.memoryFreeMib()).isCloseTo(VRAM / 8 - 4000, within(1e-6));
        assertThat(List.of(held.namespace(), held.pod(), held.container())).containsExactly("team-b", "infer-0",
                "vllm");
        assertThat(cluster.slices().get(new SliceKey("AMD-SN7", 0)).namespace()).isNull();
    }

    @Test
    void seriesWithoutASerialNumberAreCountedNotStored() {
        answers.put(FleetQuery.AMD_INVENTORY, vector(gpu(VRAM, "", "0", "spx", "0"), gpu(VRAM, "N/A", "1", "spx", "0"),
                gpu(VRAM, "SN1", "2", "spx", "0")));

        FleetSnapshot snapshot = assembler().assemble(results(), NOTHING_NEEDED);

        assertThat(snapshot.clusters().get("c").devices()).containsOnlyKeys("AMD-SN1");
        assertThat(snapshot.notices()).containsExactly("2 AMD GPUs or partitions publish no serial number (or no"
                + " hostname): not stored, as a GPU is known by its board's serial");
    }

    @Test
    void amdNodesAndRequestsCountLikeNvidiaOnes() {
        answers.put(FleetQuery.NODE_LABELS, vector(series(1, "cluster", "c", "node", "amd-node-1",
                "label_amd_com_gpu_product_name", "Instinct_MI300X")));
        answers.put(FleetQuery.NODE_CAPACITY, vector(series(8, "cluster", "c", "node", "amd-node-1")));
        answers.put(FleetQuery.ALLOCATIONS, vector(
                series(4, "cluster", "c", "namespace", "team-a", "resource", "amd_com_gpu"),
                series(2, "cluster", "c", "namespace", "team-a", "resource", "nvidia_com_gpu"),
                series(3, "cluster", "c", "namespace", "team-a", "resource", "amd_com_cpx_nps4")));

        ClusterObservation cluster = assemble();

        assertThat(cluster.nodes().get("amd-node-1").gpuProduct()).isEqualTo("Instinct_MI300X");
        assertThat(cluster.nodes().get("amd-node-1").gpuCount()).isEqualTo(8);
        assertThat(cluster.projects().get("team-a").gpusRequested()).isEqualTo(6.0);
        assertThat(cluster.projects().get("team-a").migRequested()).containsExactly(Map.entry("amd.com/cpx_nps4", 3));
    }

    private ClusterObservation assemble() {
        return assembler().assemble(results(), NOTHING_NEEDED).clusters().get("c");
    }

    private FleetQueryResults results() {
        Map<FleetQuery, QueryResult> all = new EnumMap<>(FleetQuery.class);
        for (FleetQuery query : FleetQuery.values()) {
            all.put(query, answers.getOrDefault(query, vector()));
        }
        all.put(FleetQuery.AMD_READINGS, vector(amdReadings.toArray(Series[]::new)));
        return FleetQueryResults.of(all, new DcgmReadings());
    }

    private static SnapshotAssembler assembler() {
        return new SnapshotAssembler(new LabelVariants("c"), new DcgmLabels(Set.of("nvidia-dcgm-exporter")), MetadataSettings.coldFront(),
                new PassthroughDevices());
    }

    /** An inventory series as the exporter labels it, with more labels (the holder) after the partition. */
    private static Series gpu(double vram, String serial, String gpuId, String computeMode, String partition,
            String... more) {
        List<String> labels = new ArrayList<>(List.of("hostname", "amd-node-1", "serial_number", serial, "gpu_id",
                gpuId, "card_series", MI300X, "card_model", "102-G30211-0C", "driver_version", "6.12.12",
                "gpu_partition_id", partition, "gpu_compute_partition_type", computeMode, "gpu_memory_partition_type",
                computeMode.equals("cpx") ? "nps4" : "nps1"));
        labels.addAll(List.of(more));
        return series(vram, labels.toArray(String[]::new));
    }

    private void reading(AmdField field, double value, String serial, String computeMode, String partition) {
        amdReadings.add(series(value, AmdQueries.FIELD_LABEL, field.name(), "serial_number", serial,
                "gpu_partition_id", partition, "gpu_compute_partition_type", computeMode));
    }

    private static QueryResult vector(Series... series) {
        return new QueryResult("vector", List.of(series), List.of());
    }

    private static Series series(double value, String... labels) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < labels.length; i += 2) {
            map.put(labels[i], labels[i + 1]);
        }
        return new Series(map, List.of(new Sample(AT, value)));
    }
}
