package org.aitelemetry.devkit.fleet;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A cluster's dcgm-exporter page: the families of {@code default-counters.csv} (plus the DCP ratios) in that file's
 * order. A MIG GPU's series repeat per GPU instance with {@code GPU_I_PROFILE} and {@code GPU_I_ID}: device-wide
 * readings carry the same value on each, framebuffer and profiling readings are the instance's own.
 *
 * <p>Blanks: {@code DCGM_FI_DEV_GPU_UTIL} is absent on MIG GPUs (as dcgm-exporter leaves it out) and is
 * {@link FleetReadings#INT32_BLANK} on blank devices, whose {@code DCGM_FI_DEV_MEMORY_TEMP} is
 * {@link FleetReadings#INT64_NOT_SUPPORTED}.
 */
final class DcgmExposition {

    private static final String EXPORTER_NAMESPACE = "nvidia-gpu-operator";
    private static final String EXPORTER_CONTAINER = "nvidia-dcgm-exporter";

    private final FleetReadings readings;
    private final FleetState state;
    /** Label sets are fixed per series, so they are rendered once, not per scrape. */
    private final Map<String, List<Series>> seriesByCluster = new HashMap<>();
    private volatile Predicate<String> omitted = family -> false;

    DcgmExposition(FleetDefinition fleet, FleetReadings readings, FleetState state) {
        this.readings = readings;
        this.state = state;
        for (ClusterSpec cluster : fleet.clusters()) {
            List<Series> series = new ArrayList<>();
            for (FleetDevice device : fleet.devices(cluster.name())) {
                if (device.mig()) {
                    device.slices().forEach(slice -> series.add(new Series(device, slice,
                            labels(cluster.labels(), device, Optional.of(slice), fleet.podUsing(slice)),
                            labels(cluster.labels(), device, Optional.of(slice), Optional.empty()))));
                } else {
                    series.add(new Series(device, null,
                            labels(cluster.labels(), device, Optional.empty(), fleet.podUsing(device)),
                            labels(cluster.labels(), device, Optional.empty(), Optional.empty())));
                }
            }
            seriesByCluster.put(cluster.name(), series);
        }
    }

    void write(String cluster, Instant at, OutputStream out) throws IOException {
        List<DcgmFamily.Series> page = new ArrayList<>();
        for (Series s : seriesByCluster.get(cluster)) {
            if (state.isPresent(s.device().node())) {
                String labels = state.isReleased(s.device(), s.slice()) ? s.releasedLabels() : s.labels();
                page.add(new DcgmFamily.Series(labels, !s.device().mig(), reading(s, at)));
            }
        }
        ExpositionWriter writer = new ExpositionWriter(out);
        DcgmFamily.writeAll(page, omitted, writer);
        writer.finish();
    }

    private GpuReading reading(Series series, Instant at) {
        FleetDevice device = series.device();
        double engine = series.slice() == null ? readings.utilizationPercent(device, at)
                : readings.utilizationPercent(series.slice(), at);
        long memoryUsed = series.slice() == null ? readings.memoryUsedMiB(device) : readings.memoryUsedMiB(series.slice());
        long utilization = device.mig() ? 0
                : device.blank() ? FleetReadings.INT32_BLANK : Math.round(readings.utilizationPercent(device, at));
        return new GpuReading(readings.smClockMHz(device, at),
                device.blank() ? FleetReadings.INT64_NOT_SUPPORTED : readings.memoryTemperatureCelsius(device, at),
                readings.gpuTemperatureCelsius(device, at), readings.powerWatts(device, at),
                readings.energyMillijoules(device, state.energySince(device.node()), at), utilization, 0, memoryUsed,
                series.memoryTotalMiB(), engine / 100);
    }

    /** The framebuffer of a whole GPU, or of a MIG instance ({@code slice} set). */
    static long memoryTotalMiB(FleetDevice device, MigSlice slice) {
        return slice == null ? device.node().model().memoryMiB() : slice.profile().memoryMiB();
    }

    /** Families left out, as an operator's customised counter list leaves them out. */
    void omit(Predicate<String> family) {
        omitted = family;
    }

    /** dcgm-exporter's label order: GPU identity, MIG instance, host, driver, then the pod using it. */
    static String labels(LabelVariant variant, FleetDevice device, Optional<MigSlice> slice, Optional<FleetPod> pod) {
        FleetNode node = device.node();
        Labels labels = new Labels()
                .add("gpu", device.index())
                .add(variant.uuidLabel(), device.uuid())
                .add("pci_bus_id", device.pciBusId())
                .add("device", "nvidia" + device.index())
                .add("modelName", node.model().name());
        slice.ifPresent(s -> labels.add("GPU_I_PROFILE", s.profile().name()).add("GPU_I_ID", s.gpuInstanceId()));
        labels.add(variant.hostnameLabel(), node.name()).add("DCGM_FI_DRIVER_VERSION", node.driverVersion());
        pod.ifPresent(p -> labels.add(variant.containerLabel(), p.container())
                .add(variant.namespaceLabel(), p.namespace())
                .add(variant.podLabel(), p.name()));
        if (variant.labelsExporterPod()) {
            labels.add("container", EXPORTER_CONTAINER).add("namespace", EXPORTER_NAMESPACE).add("pod", node.exporterPod());
        }
        return labels.toString();
    }

    /**
     * One series of every family: a whole GPU, or one GPU instance of a MIG GPU ({@code slice} set), with its labels
     * while its pod holds it and once the pod let go ({@link FleetSimulator#release}).
     */
    private record Series(FleetDevice device, MigSlice slice, String labels, String releasedLabels) {

        long memoryTotalMiB() {
            return DcgmExposition.memoryTotalMiB(device, slice);
        }
    }
}
