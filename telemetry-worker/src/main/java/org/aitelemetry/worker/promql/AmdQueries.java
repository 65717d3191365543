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

import jakarta.enterprise.context.ApplicationScoped;
import java.util.stream.Collectors;
import org.aitelemetry.prometheus.PromqlString;
import org.aitelemetry.prometheus.amd.AmdField;
import org.aitelemetry.prometheus.amd.AmdLabels;
import org.aitelemetry.worker.config.WorkerConfig;

/**
 * The queries of AMD's device-metrics-exporter (contracts.md §5), beside {@link QueryCatalogue}'s DCGM ones. Fleet
 * sync: an inventory and one query per {@link AmdField}, whatever the fleet's size. Usage rollups: AMD's part of
 * {@link QueryCatalogue}'s range queries, its series relabelled as DCGM spells them ({@code UUID} the GPU's model id,
 * {@code GPU_I_ID} the partition) and in DCGM's units, so that one timeline code reads both vendors.
 *
 * <p>Each field is asked for under every name it goes by (bare or {@code amd_}-prefixed, MI2xx or MI3xx spelling),
 * joined by {@code or}: a deployment uses one prefix and a board one spelling, and where two answer for the same GPU
 * the preferred one wins. Values above the field's ceiling or below zero (older exporters' sentinels for "not
 * supported", NaN) are dropped per series, before {@code max} could pick one over a real reading. Every selector names
 * the configured exporter (acceptance scenario 30).
 */
@ApplicationScoped
public class AmdQueries {

    /** Labels that identify a GPU or partition and the pod using it. */
    private static final String DEVICE_IDENTITY = String.join(", ", CLUSTER, HOSTNAME, SERIAL_NUMBER, GPU_ID,
            CARD_SERIES, CARD_MODEL, DRIVER_VERSION, PARTITION_ID, COMPUTE_PARTITION, MEMORY_PARTITION, NAMESPACE,
            POD, CONTAINER, EXPORTED_NAMESPACE, EXPORTED_POD, EXPORTED_CONTAINER);
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

    /** Latest valid value of a field per GPU and partition. */
    public String reading(AmdField field) {
        return latest(field, READING_KEY);
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
        return field.metrics().stream()
                .map(metric -> "max by (" + by + ") (last_over_time(" + amd.select(metric) + window + ") <= "
                        + field.ceiling() + " >= 0)")
                .collect(Collectors.joining(" or "));
    }
}
