package org.aitelemetry.worker.promql;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.stream.Stream;
import org.aitelemetry.prometheus.PromqlString;
import org.aitelemetry.prometheus.amd.AmdField;
import org.aitelemetry.prometheus.amd.AmdLabel;
import org.aitelemetry.prometheus.amd.AmdLabels;
import org.aitelemetry.worker.config.WorkerConfig;

/**
 * The PromQL the worker sends about AMD Instinct GPUs, read from AMD's device-metrics-exporter (contracts.md §4–5);
 * {@link QueryCatalogue} is its NVIDIA counterpart.
 *
 * <p>Every selector names the configured exporter ({@code telemetry.exporters.amd}, {@link ExporterSelector}), so a
 * tenant's series of the same name is never read, and takes each field under all its names: bare, and with the
 * {@code amd_} prefix of AMD's Helm chart ({@link AmdField#metrics()}). A GPU is found by its board's serial number
 * (the model's {@code AMD-<serial>} less the prefix, {@link AmdLabels}); a partition by its number, in a compute mode
 * other than SPX. Built at start, so a selector value that is refused stops the start with the property's name.
 */
@Startup
@ApplicationScoped
public class AmdQueries {

    /** The compute modes of a GPU that is one device: SPX in any case, or none given. */
    private static final String WHOLE_GPU_MODES = PromqlString.literal("(?i)(" + AmdLabels.WHOLE_GPU_MODE + ")?");

    private final ExporterSelector amd;

    AmdQueries(WorkerConfig config) {
        this.amd = ExporterSelector.of("telemetry.exporters.amd", config.exporters().amd());
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
                AmdLabel.SERIAL_NUMBER + "=" + PromqlString.literal(serial));
        Stream<String> part = partition == null ? Stream.of(AmdLabel.COMPUTE_PARTITION + "=~" + WHOLE_GPU_MODES)
                : Stream.of(AmdLabel.COMPUTE_PARTITION + "!~" + WHOLE_GPU_MODES,
                        AmdLabel.PARTITION_ID + "=" + PromqlString.literal(String.valueOf(partition)));
        return amd.select("", Stream.concat(device, part).toArray(String[]::new));
    }

    private static String window(Duration range) {
        return "[" + range.toMillis() + "ms]";
    }
}
