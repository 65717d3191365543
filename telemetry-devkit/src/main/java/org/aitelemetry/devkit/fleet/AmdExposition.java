package org.aitelemetry.devkit.fleet;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A cluster's AMD device-metrics-exporter page ({@code ROCm/device-metrics-exporter}): one series per GPU, or per
 * partition of a compute-partitioned GPU, of each {@link AmdFamily}, with the exporter's label set. A board's activity
 * is its partitions' mean (each partition one XCD), and its energy counter the integral of the power that follows it.
 *
 * <p>The workload is where the exporter puts it ({@code namespace}/{@code pod}/{@code container}, empty while nobody
 * holds the GPU) in {@link LabelVariant#NATIVE} clusters, whose scrape honours labels. In
 * {@link LabelVariant#FEDERATED} clusters the scrape did not: the workload moved to {@code exported_*} and the plain
 * labels name the exporter's own pod in {@value #EXPORTER_NAMESPACE}, as dcgm-exporter's do there.
 */
final class AmdExposition {

    /** The namespace AMD's GPU operator runs the exporter in. */
    static final String EXPORTER_NAMESPACE = "kube-amd-gpu";
    static final String EXPORTER_CONTAINER = "metrics-exporter-container";
    private static final String VBIOS_VERSION = "022.040.003.043.000001";

    private final FleetDefinition fleet;
    private final FleetReadings readings;
    private final FleetState state;

    AmdExposition(FleetDefinition fleet, FleetReadings readings, FleetState state) {
        this.fleet = fleet;
        this.readings = readings;
        this.state = state;
    }

    void write(String cluster, Instant at, OutputStream out) throws IOException {
        List<AmdFamily.Series> page = new ArrayList<>();
        for (AmdDevice amd : fleet.amdDevices(cluster)) {
            if (state.isPresent(amd.node())) {
                Optional<FleetPod> holder = state.isReleased(amd.device(), null) ? Optional.empty()
                        : fleet.podUsing(amd.device());
                page.add(series(variant(cluster), amd, holder, reading(amd, at)));
            }
        }
        ExpositionWriter writer = new ExpositionWriter(out);
        AmdFamily.writeAll(page, fleet.spec().amdHelmPrefix(), writer);
        writer.finish();
    }

    private AmdReading reading(AmdDevice amd, Instant at) {
        List<FleetDevice> board = fleet.amdBoard(amd);
        double boardActivity = board.stream().mapToDouble(part -> readings.utilizationPercent(part, at)).sum()
                / board.size();
        // Each partition's energy is the whole board's at that partition's activity, so their mean is the board's.
        long energyMillijoules = 0;
        for (FleetDevice part : board) {
            energyMillijoules += readings.energyMillijoules(part, state.energySince(amd.node()), at);
        }
        long used = fleet.podUsing(amd.device())
                .map(pod -> Math.round(amd.memoryMiB() * pod.usage().memoryShare())).orElse(0L);
        return AmdReading.of(amd, readings.utilizationPercent(amd.device(), at), boardActivity, used,
                energyMillijoules * 1000 / board.size());
    }

    /** A series of the page: the GPU or partition, labelled with its holder (if any) as {@code variant} spells it. */
    static AmdFamily.Series series(LabelVariant variant, AmdDevice amd, Optional<FleetPod> holder,
            AmdReading reading) {
        return new AmdFamily.Series(labels(variant, amd, holder), amd.model().mi300Series(), amd.physical(), reading);
    }

    /** The exporter's labels, in its (alphabetical) order. */
    static String labels(LabelVariant variant, AmdDevice amd, Optional<FleetPod> holder) {
        FleetNode node = amd.node();
        boolean exported = variant.labelsExporterPod();
        Labels labels = new Labels().add("card_model", amd.model().cardModel())
                .add("card_series", amd.model().gpu().name()).add("card_vendor", "AMD")
                .add("container", exported ? EXPORTER_CONTAINER : holder.map(FleetPod::container).orElse(""))
                .add("driver_version", node.driverVersion())
                .add("gpu_compute_partition_type", amd.partitioning().computeMode())
                .add("gpu_id", amd.device().index())
                .add("gpu_memory_partition_type", amd.partitioning().memoryMode())
                .add("gpu_partition_id", amd.partitionId()).add("gpu_uuid", amd.device().uuid())
                .add("hostname", node.name())
                .add("namespace", exported ? EXPORTER_NAMESPACE : holder.map(FleetPod::namespace).orElse(""))
                .add("pod", exported ? node.exporterPod() : holder.map(FleetPod::name).orElse(""))
                .add("serial_number", amd.serial()).add("vbios_version", VBIOS_VERSION);
        if (exported) {
            holder.ifPresent(pod -> labels.add(variant.containerLabel(), pod.container())
                    .add(variant.namespaceLabel(), pod.namespace()).add(variant.podLabel(), pod.name()));
        }
        return labels.toString();
    }

    private LabelVariant variant(String cluster) {
        return fleet.clusters().stream().filter(c -> c.name().equals(cluster)).findFirst().orElseThrow().labels();
    }
}
