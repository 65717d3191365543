package org.aitelemetry.prometheus.amd;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.aitelemetry.prometheus.Series;

/**
 * Reads a device-metrics-exporter series as the model knows AMD GPUs. A GPU is {@code AMD-<serial number>}: the serial
 * is the board's, the same on all its partitions and across re-partitioning, where AMD SMI's UUID and {@code gpu_id}
 * change with the partition mode. A GPU whose compute partition mode is not SPX is shown as one series per partition;
 * those are its slices, numbered by {@code gpu_partition_id} and named by both modes ({@code cpx/nps4}).
 */
public final class AmdLabels {

    /** Prefix of an AMD GPU's id in the model, in the alert rules and in gpu-probe's report. */
    public static final String DEVICE_ID_PREFIX = "AMD-";
    /** The compute partition mode in which a GPU is one device. */
    public static final String WHOLE_GPU_MODE = "spx";
    /** What serial numbers look like; anything else (empty, {@code N/A}) names no board. */
    private static final Pattern SERIAL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

    private AmdLabels() {
    }

    /** {@code AMD-<serial number>}; empty where the series names no board. */
    public static Optional<String> deviceId(Series series) {
        return series.label(AmdLabel.SERIAL_NUMBER).filter(serial -> SERIAL.matcher(serial).matches()
                && !serial.equalsIgnoreCase("NA")).map(serial -> DEVICE_ID_PREFIX + serial);
    }

    /** True for the id of an AMD GPU as {@link #deviceId} makes it. */
    public static boolean isAmdDeviceId(String id) {
        return id.regionMatches(true, 0, DEVICE_ID_PREFIX, 0, DEVICE_ID_PREFIX.length());
    }

    /** The partition a series is of; empty on a GPU in SPX mode (one device) or where the exporter gives no number. */
    public static Optional<Integer> partition(Series series) {
        if (computeMode(series).map(WHOLE_GPU_MODE::equals).orElse(true)) {
            return Optional.empty();
        }
        return series.label(AmdLabel.PARTITION_ID).filter(id -> id.chars().allMatch(Character::isDigit))
                .filter(id -> id.length() <= 3).map(Integer::valueOf);
    }

    /** The partition modes, e.g. {@code cpx/nps4}, as the model names a slice's profile. */
    public static String partitionProfile(Series series) {
        return computeMode(series).orElse("unknown") + "/" + series.label(AmdLabel.MEMORY_PARTITION)
                .map(mode -> mode.toLowerCase(Locale.ROOT)).orElse("unknown");
    }

    /** The market name ({@code AMD Instinct MI300X OAM}), else the part number. */
    public static Optional<String> model(Series series) {
        return series.label(AmdLabel.CARD_SERIES, AmdLabel.CARD_MODEL);
    }

    private static Optional<String> computeMode(Series series) {
        return series.label(AmdLabel.COMPUTE_PARTITION).map(mode -> mode.toLowerCase(Locale.ROOT));
    }
}
