package org.aitelemetry.worker.sync;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.dcgm.DcgmBlank;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.prometheus.dcgm.DcgmLabel;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.worker.sync.FleetSnapshot.DeviceObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.Readings;
import org.aitelemetry.worker.sync.FleetSnapshot.SliceKey;
import org.aitelemetry.worker.sync.FleetSnapshot.SliceObservation;

/**
 * Builds the GPUs and MIG slices of every cluster from the inventory query and the per-field reading queries. A GPU in
 * MIG mode is reported as one series per GPU instance; its device-level readings are then derived from those.
 */
final class DeviceAssembly {

    private record DeviceRef(String cluster, String uuid) {
    }

    private record Identity(String host, String model, Integer index, String pciBusId) {
    }

    /** A GPU (instance {@link #WHOLE_GPU}) or one of its MIG instances, as the inventory lists them. */
    private record Listed(DeviceRef ref, int instance) {
    }

    private final LabelVariants labels;
    private final DcgmLabels dcgm;
    private final DcgmReadings readings;
    private final Map<DeviceRef, Identity> identities = new LinkedHashMap<>();
    private final Map<DeviceRef, Double> wholeGpuFree = new HashMap<>();
    private final Map<String, Map<SliceKey, SliceObservation>> slicesByCluster = new LinkedHashMap<>();
    private final Map<String, String> driverVersionByNode = new HashMap<>();
    private final Map<String, Set<String>> namespacesInUse = new HashMap<>();
    private final Set<Listed> listed = new HashSet<>();
    /** The MIG instances listed per GPU, so a MIG GPU's totals need not search every slice of its cluster. */
    private final Map<DeviceRef, Set<Integer>> instances = new HashMap<>();

    DeviceAssembly(LabelVariants labels, DcgmLabels dcgm, DcgmReadings readings) {
        this.labels = labels;
        this.dcgm = dcgm;
        this.readings = readings;
    }

    void addInventory(QueryResult inventory) {
        for (Series series : inventory.series()) {
            add(series, valueOrNull(series.last().value()), false);
        }
    }

    /**
     * GPUs and MIG instances found by their other DCGM fields ({@link GpuFinder}) that the inventory did not list: their
     * free memory is unknown. Returns how many were added.
     */
    int addIdentities(QueryResult identities) {
        int added = 0;
        for (Series series : identities.series()) {
            if (add(series, null, true)) {
                added++;
            }
        }
        return added;
    }

    /**
     * Adds one series naming a GPU or MIG instance; true when it was not listed before. The inventory may list one
     * several times (once per holder in the window), and every such series counts; an identity series only adds what the
     * inventory lacked.
     */
    private boolean add(Series series, Double free, boolean onlyIfUnlisted) {
        Optional<String> uuid = dcgm.uuid(series);
        Optional<String> host = dcgm.hostname(series);
        if (uuid.isEmpty() || host.isEmpty()) {
            return false;
        }
        DeviceRef ref = new DeviceRef(labels.cluster(series), uuid.get());
        Optional<Integer> instance = dcgm.gpuInstanceId(series);
        boolean unlisted = listed.add(new Listed(ref, instance.orElse(DcgmReadings.WHOLE_GPU)));
        if (onlyIfUnlisted && !unlisted) {
            return false;
        }
        identities.putIfAbsent(ref, new Identity(host.get(), series.label(DcgmLabel.MODEL_NAME).orElse("unknown"),
                series.label(DcgmLabel.GPU_INDEX).map(Integer::valueOf).orElse(null),
                series.label(DcgmLabel.PCI_BUS_ID).orElse(null)));
        series.label(DcgmLabel.DRIVER_VERSION)
                .ifPresent(version -> driverVersionByNode.put(ref.cluster() + "/" + host.get(), version));
        dcgm.holderNamespace(series).ifPresent(namespace ->
                namespacesInUse.computeIfAbsent(ref.cluster(), c -> new LinkedHashSet<>()).add(namespace));
        instance.ifPresentOrElse(id -> addSlice(ref, id, series, free), () -> wholeGpuFree.put(ref, free));
        return unlisted;
    }

    /** The devices of every cluster, once the inventory has been added. */
    Map<String, Map<String, DeviceObservation>> devicesByCluster() {
        Map<String, Map<String, DeviceObservation>> devices = new LinkedHashMap<>();
        identities.forEach((ref, identity) -> {
            boolean mig = !wholeGpuFree.containsKey(ref);
            devices.computeIfAbsent(ref.cluster(), c -> new LinkedHashMap<>()).put(ref.uuid(),
                    new DeviceObservation(ref.uuid(), identity.host(), identity.model(), identity.index(),
                            identity.pciBusId(), mig, mig ? migReadings(ref) : wholeGpuReadings(ref)));
        });
        return devices;
    }

    Map<SliceKey, SliceObservation> slices(String cluster) {
        return slicesByCluster.getOrDefault(cluster, Map.of());
    }

    /** Namespaces whose pods dcgm-exporter shows on a GPU or MIG slice of the cluster. */
    Set<String> namespacesInUse(String cluster) {
        return namespacesInUse.getOrDefault(cluster, Set.of());
    }

    /** Driver version dcgm-exporter reports for a node's GPUs. */
    String driverVersion(String cluster, String node) {
        return driverVersionByNode.get(cluster + "/" + node);
    }

    private void addSlice(DeviceRef ref, int instance, Series series, Double free) {
        DcgmReadings.Row reading = readings.row(new DcgmReadings.Key(ref.cluster(), ref.uuid(), instance));
        SliceKey key = new SliceKey(ref.uuid(), instance);
        instances.computeIfAbsent(ref, r -> new LinkedHashSet<>()).add(instance);
        slicesByCluster.computeIfAbsent(ref.cluster(), c -> new LinkedHashMap<>()).put(key, new SliceObservation(key,
                series.label(DcgmLabel.GPU_INSTANCE_PROFILE).orElse("unknown"),
                reading.value(DcgmField.GR_ENGINE_ACTIVE), reading.value(DcgmField.FB_USED), free,
                dcgm.holderNamespace(series).orElse(null), dcgm.holderPod(series).orElse(null),
                dcgm.holderContainer(series).orElse(null)));
    }

    private Readings wholeGpuReadings(DeviceRef ref) {
        DcgmReadings.Row row = readings.row(new DcgmReadings.Key(ref.cluster(), ref.uuid(), DcgmReadings.WHOLE_GPU));
        return new Readings(row.value(DcgmField.GPU_UTIL), row.value(DcgmField.FB_USED), wholeGpuFree.get(ref),
                row.value(DcgmField.POWER_USAGE), row.value(DcgmField.GPU_TEMP), row.value(DcgmField.MEMORY_TEMP),
                row.value(DcgmField.TOTAL_ENERGY));
    }

    /**
     * A MIG GPU has no utilization of its own; memory adds up over its listed instances, device-wide fields repeat on
     * each.
     */
    private Readings migReadings(DeviceRef ref) {
        Map<DcgmField, Double> deviceWide = new EnumMap<>(DcgmField.class);
        Double used = null;
        Double free = null;
        Map<SliceKey, SliceObservation> slices = slices(ref.cluster());
        for (int instance : instances.getOrDefault(ref, Set.of())) {
            DcgmReadings.Row row = readings.row(new DcgmReadings.Key(ref.cluster(), ref.uuid(), instance));
            for (DcgmField field : DcgmField.values()) {
                Double value = row.value(field);
                if (value != null) {
                    deviceWide.merge(field, value, Math::max);
                }
            }
            used = sum(used, row.value(DcgmField.FB_USED));
            free = sum(free, slices.get(new SliceKey(ref.uuid(), instance)).memoryFreeMib());
        }
        return new Readings(null, used, free, deviceWide.get(DcgmField.POWER_USAGE), deviceWide.get(DcgmField.GPU_TEMP),
                deviceWide.get(DcgmField.MEMORY_TEMP), deviceWide.get(DcgmField.TOTAL_ENERGY));
    }

    private static Double valueOrNull(double value) {
        return DcgmBlank.isBlank(value) ? null : value;
    }

    /** A running total of readings that may be missing: null until the first one. */
    static Double sum(Double total, Double value) {
        if (value == null) {
            return total;
        }
        return total == null ? value : total + value;
    }
}
