package org.aitelemetry.worker.promql;

import static org.aitelemetry.prometheus.amd.AmdLabel.CARD_MODEL;
import static org.aitelemetry.prometheus.amd.AmdLabel.CARD_SERIES;
import static org.aitelemetry.prometheus.amd.AmdLabel.COMPUTE_PARTITION;
import static org.aitelemetry.prometheus.amd.AmdLabel.DRIVER_VERSION;
import static org.aitelemetry.prometheus.amd.AmdLabel.GPU_ID;
import static org.aitelemetry.prometheus.amd.AmdLabel.HOSTNAME;
import static org.aitelemetry.prometheus.amd.AmdLabel.MEMORY_PARTITION;
import static org.aitelemetry.prometheus.amd.AmdLabel.PARTITION_ID;
import static org.aitelemetry.prometheus.amd.AmdLabel.SERIAL_NUMBER;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.GPU_INSTANCE_ID;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.UUID;
import static org.aitelemetry.prometheus.kube.KubeLabel.CLUSTER;
import static org.aitelemetry.prometheus.kube.KubeLabel.CONTAINER;
import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_CONTAINER;
import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_NAMESPACE;
import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_POD;
import static org.aitelemetry.prometheus.kube.KubeLabel.NAMESPACE;
import static org.aitelemetry.prometheus.kube.KubeLabel.POD;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.aitelemetry.prometheus.PromqlString;
import org.aitelemetry.prometheus.amd.AmdField;
import org.aitelemetry.prometheus.amd.AmdLabels;
import org.aitelemetry.worker.config.WorkerConfig;

/**
 * The queries of AMD's device-metrics-exporter (contracts.md §4–5), beside {@link QueryCatalogue}'s DCGM ones. Fleet
 * sync: an inventory and one query per {@link AmdField}, whatever the fleet's size. Usage rollups: AMD's part of
 * {@link QueryCatalogue}'s range queries, its series relabelled as DCGM spells them ({@code UUID} the GPU's model id,
 * {@code GPU_I_ID} the partition) and in DCGM's units, so that one timeline code reads both vendors. Usage sessions:
 * the aggregates at their close, for one GPU (found by its board's serial number) or partition.
 *
 * <p>Each field is asked for under every name it goes by (bare or {@code amd_}-prefixed, MI2xx or MI3xx spelling),
 * joined by {@code or}: a deployment uses one prefix and a board one spelling, and where two answer for the same GPU
 * the preferred one wins. Values above the field's ceiling or below zero (older exporters' sentinels for "not
 * supported", NaN) are dropped per series, before {@code max} could pick one over a real reading. Every selector names
 * the configured exporter (acceptance scenario 30); built at start, so a selector value that is refused stops the
 * start with the property's name.
 */
@Startup
@ApplicationScoped
public class AmdQueries {

    /** Labels that identify a GPU or partition and the pod using it. */
    private static final String DEVICE_IDENTITY = String.join(", ", CLUSTER, HOSTNAME, SERIAL_NUMBER, GPU_ID,
            CARD_SERIES, CARD_MODEL, DRIVER_VERSION, PARTITION_ID, COMPUTE_PARTITION, MEMORY_PARTITION, NAMESPACE,
            POD, CONTAINER, EXPORTED_NAMESPACE, EXPORTED_POD, EXPORTED_CONTAINER);
    /** The label {@link #readings()} names each series' field in. */
    public static final String FIELD_LABEL = "aitelemetry_field";
    /** The fields {@link #readings()} reads. */
    public static final Set<AmdField> READ_FIELDS = Collections.unmodifiableSet(
            EnumSet.complementOf(EnumSet.of(AmdField.TOTAL_VRAM)));
    private static final String HOLDER = String.join(", ", NAMESPACE, POD, CONTAINER, EXPORTED_NAMESPACE,
            EXPORTED_POD, EXPORTED_CONTAINER);
    /** The compute modes of a GPU shown whole: SPX, any case, or none named. */
    private static final String WHOLE_GPU = "(?i)(" + AmdLabels.WHOLE_GPU_MODE + ")?";
    private static final String READING_KEY = String.join(", ", CLUSTER, SERIAL_NUMBER, PARTITION_ID,
            COMPUTE_PARTITION);

    private final String window;
    private final ExporterSelector amd;

    AmdQueries(WorkerConfig config) {
        this.window = "[" + config.sync().lookback().toSeconds() + "s]";
        this.amd = ExporterSelector.of("telemetry.exporters.amd", config.exporters().amd());
    }

    /** One series per GPU or partition with its identity labels; the value is its VRAM in MiB. */
    public String inventory() {
        return latest(AmdField.TOTAL_VRAM, DEVICE_IDENTITY);
    }

    /**
     * Every field but the VRAM total (the inventory's value), latest valid value per GPU and partition, in one query:
     * each series carries its field's name in {@link #FIELD_LABEL}. One round trip where a fleet has no AMD GPU.
     */
    public String readings() {
        return READ_FIELDS.stream().map(field -> "label_replace(" + latest(field, READING_KEY) + ", "
                + PromqlString.literal(FIELD_LABEL) + ", " + PromqlString.literal(field.name()) + ", \"\", \"\")")
                .collect(Collectors.joining(" or "));
    }

    /** Activity (%) of whole GPUs (SPX, or an exporter without partition labels) per holder. */
    public String gpuUtilization() {
        return relabelled(AmdField.GFX_ACTIVITY, HOLDER, COMPUTE_PARTITION + "=~" + PromqlString.literal(WHOLE_GPU),
                "");
    }

    /** Activity (0–1) of partitions per holder, each its slice: the partition number becomes the instance id. */
    public String partitionActivity() {
        return "label_replace(" + relabelled(AmdField.GFX_ACTIVITY, PARTITION_ID + ", " + HOLDER,
                COMPUTE_PARTITION + "!~" + PromqlString.literal(WHOLE_GPU), " / 100") + ", "
                + PromqlString.literal(GPU_INSTANCE_ID) + ", \"$1\", " + PromqlString.literal(PARTITION_ID)
                + ", \"(.+)\")";
    }

    /**
     * The energy counter per GPU in millijoules, as DCGM counts it: the board's figure (a partitioned GPU publishes it
     * on its first partition), whoever holds it.
     */
    public String energy() {
        return relabelled(AmdField.ENERGY, "", null, " / 1000");
    }

    /** {@code max by (serial, by)} of a field's valid samples, scaled, with the GPU's model id as {@code UUID}. */
    private String relabelled(AmdField field, String by, String matcher, String scale) {
        String grouping = by.isEmpty() ? SERIAL_NUMBER : SERIAL_NUMBER + ", " + by;
        String values = field.metrics().stream()
                .map(metric -> "max by (" + grouping + ") (" + (matcher == null ? amd.select(metric)
                        : amd.select(metric, matcher)) + " <= " + field.ceiling() + " >= 0)")
                .collect(Collectors.joining(" or "));
        return "label_replace((" + values + ")" + scale + ", " + PromqlString.literal(UUID) + ", "
                + PromqlString.literal(AmdLabels.DEVICE_ID_PREFIX + "$1") + ", " + PromqlString.literal(SERIAL_NUMBER)
                + ", \"(.+)\")";
    }

    private String latest(AmdField field, String by) {
        return "(" + field.metrics().stream()
                .map(metric -> "max by (" + by + ") (last_over_time(" + amd.select(metric) + window + ") <= "
                        + field.ceiling() + " >= 0)")
                .collect(Collectors.joining(" or ")) + ")";
    }

    /*
     * Aggregates at close of a usage session: instant queries evaluated at the session's end over its duration, for one
     * GPU or partition, as QueryCatalogue's for dcgm-exporter. Range functions cannot drop the sentinels of exporters
     * before v1.4.0 sample by sample, so callers reject results beyond the field's ceiling instead.
     */

    /**
     * Average graphics-engine activity (%) over the {@code range} before the evaluation time, of a whole GPU
     * ({@code partition} null) or one partition: the sum of its raw samples over their count, so that when the holder's
     * labels change mid-range (a new series) every sample still weighs once.
     */
    public String sessionAverage(String deviceId, Integer partition, Duration range) {
        String activity = select(AmdField.GFX_ACTIVITY, deviceId, partition) + window(range);
        return "sum(sum_over_time(" + activity + ")) / sum(count_over_time(" + activity + "))";
    }

    /**
     * Increase of a whole GPU's energy counter (µJ) over the {@code range} before the evaluation time. The exporter
     * types {@code gpu_energy_consumed} a gauge, but it is the driver's accumulator since the driver loaded: it only
     * grows, and falls to zero only when the driver reloads (a reboot, a driver upgrade), which is what
     * {@code increase} takes a counter reset for. A read that fails low would count as a reset too and add the whole
     * counter: the caller's plausibility bound drops that.
     */
    public String sessionEnergy(String deviceId, Duration range) {
        return "sum(increase(" + select(AmdField.ENERGY, deviceId, null) + window(range) + "))";
    }

    /** One GPU's or partition's series of a field, under every name it goes by, from the exporter only. */
    private String select(AmdField field, String deviceId, Integer partition) {
        String serial = deviceId.substring(AmdLabels.DEVICE_ID_PREFIX.length());
        Stream<String> device = Stream.of("__name__=~" + PromqlString.literal(String.join("|", field.metrics())),
                SERIAL_NUMBER + "=" + PromqlString.literal(serial));
        Stream<String> part = partition == null ? Stream.of(COMPUTE_PARTITION + "=~" + PromqlString.literal(WHOLE_GPU))
                : Stream.of(COMPUTE_PARTITION + "!~" + PromqlString.literal(WHOLE_GPU),
                        PARTITION_ID + "=" + PromqlString.literal(String.valueOf(partition)));
        return amd.select("", Stream.concat(device, part).toArray(String[]::new));
    }

    private static String window(Duration range) {
        return "[" + range.toMillis() + "ms]";
    }
}
