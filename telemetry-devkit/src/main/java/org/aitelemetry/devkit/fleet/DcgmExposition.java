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
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

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

    private static final String GAUGE = "gauge";
    private static final String COUNTER = "counter";
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
        List<Series> present = seriesByCluster.get(cluster).stream().filter(s -> state.isPresent(s.device().node()))
                .map(s -> state.isReleased(s.device(), s.slice()) ? s.released() : s).toList();
        List<Series> wholeGpus = present.stream().filter(s -> !s.device().mig()).toList();
        ExpositionWriter writer = new ExpositionWriter(out);
        integers(writer, "DCGM_FI_DEV_SM_CLOCK", GAUGE, "SM clock frequency (in MHz).", present,
                s -> readings.smClockMHz(s.device(), at));
        integers(writer, "DCGM_FI_DEV_MEMORY_TEMP", GAUGE, "Memory temperature (in C).", present,
                s -> s.device().blank() ? FleetReadings.INT64_NOT_SUPPORTED : readings.memoryTemperatureCelsius(s.device(), at));
        integers(writer, "DCGM_FI_DEV_GPU_TEMP", GAUGE, "GPU temperature (in C).", present,
                s -> readings.gpuTemperatureCelsius(s.device(), at));
        decimals(writer, "DCGM_FI_DEV_POWER_USAGE", GAUGE, "Power draw (in W).", present,
                s -> readings.powerWatts(s.device(), at));
        integers(writer, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", COUNTER, "Total energy consumption since boot (in mJ).",
                present, s -> readings.energyMillijoules(s.device(), state.energySince(s.device().node()), at));
        integers(writer, "DCGM_FI_DEV_GPU_UTIL", GAUGE, "GPU utilization (in %).", wholeGpus,
                s -> s.device().blank() ? FleetReadings.INT32_BLANK : Math.round(readings.utilizationPercent(s.device(), at)));
        integers(writer, "DCGM_FI_DEV_XID_ERRORS", GAUGE, "Value of the last XID error encountered.", present, s -> 0);
        integers(writer, "DCGM_FI_DEV_FB_FREE", GAUGE, "Framebuffer memory free (in MiB).", present,
                s -> s.memoryTotalMiB() - memoryUsedMiB(s));
        integers(writer, "DCGM_FI_DEV_FB_USED", GAUGE, "Framebuffer memory used (in MiB).", present, this::memoryUsedMiB);
        decimals(writer, "DCGM_FI_PROF_GR_ENGINE_ACTIVE", GAUGE, "Ratio of time the graphics engine is active.", present,
                s -> engineActive(s, at));
        decimals(writer, "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", GAUGE, "Ratio of cycles the tensor (HMMA) pipe is active.",
                present, s -> 0.6 * engineActive(s, at));
        decimals(writer, "DCGM_FI_PROF_DRAM_ACTIVE", GAUGE,
                "Ratio of cycles the device memory interface is active sending or receiving data.", present,
                s -> 0.35 * engineActive(s, at));
        writer.finish();
    }

    private long memoryUsedMiB(Series series) {
        return series.slice() == null ? readings.memoryUsedMiB(series.device()) : readings.memoryUsedMiB(series.slice());
    }

    private double engineActive(Series series, Instant at) {
        double percent = series.slice() == null
                ? readings.utilizationPercent(series.device(), at)
                : readings.utilizationPercent(series.slice(), at);
        return percent / 100;
    }

    /** Families left out, as an operator's customised counter list leaves them out. */
    void omit(Predicate<String> family) {
        omitted = family;
    }

    private void integers(ExpositionWriter writer, String name, String type, String help, List<Series> series,
            ToLongFunction<Series> value) throws IOException {
        if (omitted.test(name)) {
            return;
        }
        writer.family(name, type, help);
        for (Series s : series) {
            writer.sample(name, s.labels(), value.applyAsLong(s));
        }
    }

    private void decimals(ExpositionWriter writer, String name, String type, String help, List<Series> series,
            ToDoubleFunction<Series> value) throws IOException {
        if (omitted.test(name)) {
            return;
        }
        writer.family(name, type, help);
        for (Series s : series) {
            writer.sample(name, s.labels(), value.applyAsDouble(s));
        }
    }

    /** dcgm-exporter's label order: GPU identity, MIG instance, host, driver, then the pod using it. */
    private static String labels(LabelVariant variant, FleetDevice device, Optional<MigSlice> slice, Optional<FleetPod> pod) {
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

        Series released() {
            return new Series(device, slice, releasedLabels, releasedLabels);
        }

        long memoryTotalMiB() {
            return slice == null ? device.node().model().memoryMiB() : slice.profile().memoryMiB();
        }
    }
}
