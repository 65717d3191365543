package org.aitelemetry.worker.sync;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.amd.AmdField;
import org.aitelemetry.prometheus.amd.AmdLabel;
import org.aitelemetry.prometheus.amd.AmdLabels;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.worker.promql.AmdQueries;
import org.aitelemetry.worker.sync.FleetSnapshot.DeviceObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.Readings;
import org.aitelemetry.worker.sync.FleetSnapshot.SliceKey;
import org.aitelemetry.worker.sync.FleetSnapshot.SliceObservation;

/**
 * Builds the AMD GPUs and partitions of every cluster from the device-metrics-exporter's inventory and readings. A GPU
 * is its board ({@link AmdLabels#deviceId}); in a compute-partitioned mode the exporter shows one series per
 * partition, which become the GPU's slices, and the GPU's own readings are derived from them as for a MIG GPU.
 */
final class AmdDeviceAssembly {

    /** Partition key of a whole GPU's series. */
    private static final int WHOLE_GPU = -1;

    private record DeviceRef(String cluster, String id) {
    }

    private record Identity(String host, String model, Integer index) {
    }

    private final LabelVariants labels;
    private final DcgmLabels holders;
    private final Map<DeviceRef, Map<Integer, Map<AmdField, Double>>> readings = new HashMap<>();
    private final Map<DeviceRef, Identity> identities = new LinkedHashMap<>();
    private final Map<DeviceRef, Map<Integer, Double>> totalVram = new HashMap<>();
    private final Map<String, Map<SliceKey, SliceObservation>> slicesByCluster = new LinkedHashMap<>();
    private final Map<String, String> driverVersionByNode = new HashMap<>();
    private final Map<String, Set<String>> namespacesInUse = new HashMap<>();
    private int unnamed;

    /** @param holders reads who holds a device: the exporter uses dcgm-exporter's pod labels and their spellings */
    AmdDeviceAssembly(LabelVariants labels, DcgmLabels holders, QueryResult inventory, QueryResult readingResults) {
        this.labels = labels;
        this.holders = holders;
        indexReadings(readingResults);
        inventory.series().forEach(this::add);
        inventory.series().forEach(this::addSlice);
    }

    /** Series of the inventory that named no board (no usable serial number): counted for a notice. */
    int unnamedSeries() {
        return unnamed;
    }

    Map<String, Map<String, DeviceObservation>> devicesByCluster() {
        Map<String, Map<String, DeviceObservation>> devices = new LinkedHashMap<>();
        identities.forEach((ref, identity) -> {
            boolean partitioned = !totalVram.getOrDefault(ref, Map.of()).containsKey(WHOLE_GPU);
            devices.computeIfAbsent(ref.cluster(), c -> new LinkedHashMap<>()).put(ref.id(),
                    new DeviceObservation(ref.id(), identity.host(), identity.model(), identity.index(), null,
                            partitioned, partitioned ? partitionedReadings(ref) : wholeGpuReadings(ref)));
        });
        return devices;
    }

    Map<SliceKey, SliceObservation> slices(String cluster) {
        return slicesByCluster.getOrDefault(cluster, Map.of());
    }

    Set<String> namespacesInUse(String cluster) {
        return namespacesInUse.getOrDefault(cluster, Set.of());
    }

    Optional<String> driverVersion(String cluster, String node) {
        return Optional.ofNullable(driverVersionByNode.get(cluster + "/" + node));
    }

    private void add(Series series) {
        Optional<String> id = AmdLabels.deviceId(series);
        Optional<String> host = series.label(AmdLabel.HOSTNAME);
        if (id.isEmpty() || host.isEmpty()) {
            unnamed++;
            return;
        }
        DeviceRef ref = new DeviceRef(labels.cluster(series), id.get());
        int partition = AmdLabels.partition(series).orElse(WHOLE_GPU);
        // The GPU's index is its first partition's (or its own) gpu_id.
        if (partition <= 0) {
            Integer index = series.label(AmdLabel.GPU_ID).filter(AmdDeviceAssembly::isIndex).map(Integer::valueOf)
                    .orElse(null);
            identities.put(ref, new Identity(host.get(), AmdLabels.model(series).orElse("unknown"), index));
        } else {
            identities.putIfAbsent(ref, new Identity(host.get(), AmdLabels.model(series).orElse("unknown"), null));
        }
        totalVram.computeIfAbsent(ref, r -> new HashMap<>()).put(partition, series.last().value());
        series.label(AmdLabel.DRIVER_VERSION)
                .ifPresent(version -> driverVersionByNode.put(ref.cluster() + "/" + host.get(), version));
        holders.holderNamespace(series).ifPresent(namespace ->
                namespacesInUse.computeIfAbsent(ref.cluster(), c -> new LinkedHashSet<>()).add(namespace));
    }

    private void addSlice(Series series) {
        Optional<String> id = AmdLabels.deviceId(series);
        Optional<Integer> partition = AmdLabels.partition(series);
        if (id.isEmpty() || partition.isEmpty() || series.label(AmdLabel.HOSTNAME).isEmpty()) {
            return;
        }
        DeviceRef ref = new DeviceRef(labels.cluster(series), id.get());
        Map<AmdField, Double> values = readingsOf(ref).getOrDefault(partition.get(), Map.of());
        Double used = values.get(AmdField.USED_VRAM);
        Double activity = values.get(AmdField.GFX_ACTIVITY);
        SliceKey key = new SliceKey(id.get(), partition.get());
        slicesByCluster.computeIfAbsent(ref.cluster(), c -> new LinkedHashMap<>()).put(key, new SliceObservation(key,
                AmdLabels.partitionProfile(series), activity == null ? null : activity / 100,
                used, free(series.last().value(), used), holders.holderNamespace(series).orElse(null),
                holders.holderPod(series).orElse(null), holders.holderContainer(series).orElse(null)));
    }

    private Readings wholeGpuReadings(DeviceRef ref) {
        Map<AmdField, Double> values = readingsOf(ref).getOrDefault(WHOLE_GPU, Map.of());
        Double used = values.get(AmdField.USED_VRAM);
        return new Readings(values.get(AmdField.GFX_ACTIVITY), used, free(totalVram.get(ref).get(WHOLE_GPU), used),
                values.get(AmdField.POWER), values.get(AmdField.TEMPERATURE), values.get(AmdField.MEMORY_TEMPERATURE),
                values.get(AmdField.ENERGY));
    }

    /**
     * A partitioned GPU, like a MIG GPU, has no activity of its own; VRAM adds up over its partitions, and the board's
     * power, temperatures and energy are on its first partition only.
     */
    private Readings partitionedReadings(DeviceRef ref) {
        Map<AmdField, Double> board = new EnumMap<>(AmdField.class);
        Double used = null;
        Double free = null;
        for (Map.Entry<Integer, Double> partition : totalVram.get(ref).entrySet()) {
            Map<AmdField, Double> values = readingsOf(ref).getOrDefault(partition.getKey(), Map.of());
            values.forEach((field, value) -> board.merge(field, value, Math::max));
            used = DeviceAssembly.sum(used, values.get(AmdField.USED_VRAM));
            free = DeviceAssembly.sum(free, free(partition.getValue(), values.get(AmdField.USED_VRAM)));
        }
        return new Readings(null, used, free, board.get(AmdField.POWER), board.get(AmdField.TEMPERATURE),
                board.get(AmdField.MEMORY_TEMPERATURE), board.get(AmdField.ENERGY));
    }

    private Map<Integer, Map<AmdField, Double>> readingsOf(DeviceRef ref) {
        return readings.getOrDefault(ref, Map.of());
    }

    /** The readings of every field, each series named by {@link AmdQueries#FIELD_LABEL}. */
    private void indexReadings(QueryResult result) {
        for (Series series : result.series()) {
            Optional<String> id = AmdLabels.deviceId(series);
            Optional<AmdField> field = series.label(AmdQueries.FIELD_LABEL).filter(AmdDeviceAssembly::isField)
                    .map(AmdField::valueOf);
            double value = series.last().value();
            if (id.isEmpty() || field.isEmpty() || !Double.isFinite(value)) {
                continue;
            }
            readings.computeIfAbsent(new DeviceRef(labels.cluster(series), id.get()), r -> new HashMap<>())
                    .computeIfAbsent(AmdLabels.partition(series).orElse(WHOLE_GPU), p -> new EnumMap<>(AmdField.class))
                    .put(field.get(), field.get().toModelUnit(value));
        }
    }

    private static Double free(Double total, Double used) {
        return total == null || used == null || used > total ? null : total - used;
    }

    private static boolean isField(String name) {
        return AmdQueries.READ_FIELDS.stream().anyMatch(field -> field.name().equals(name));
    }

    private static boolean isIndex(String value) {
        return !value.isEmpty() && value.length() <= 4 && value.chars().allMatch(Character::isDigit);
    }
}
