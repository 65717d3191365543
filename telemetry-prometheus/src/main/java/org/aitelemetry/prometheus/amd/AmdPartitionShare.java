package org.aitelemetry.prometheus.amd;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The share of a whole GPU that a compute partition stands for in GPU-seconds, as {@code MigShare} is for MIG: one
 * over the number of partitions its compute mode makes. DPX, TPX and QPX make 2, 3 and 4; CPX makes one per
 * accelerator complex die (XCD), 8 on the MI300X, MI325X, MI350X and MI355X and 6 on the MI300A. The memory mode
 * (NPS) does not enter: it splits memory, not compute. Profiles are as {@link AmdLabels#partitionProfile} names them.
 */
public final class AmdPartitionShare {

    private static final int XCDS = 8;
    private static final int MI300A_XCDS = 6;

    private AmdPartitionShare() {
    }

    /** Empty for a mode this class does not know, or CPX on a GPU whose XCD count it does not know. */
    public static OptionalDouble of(String profile, String gpuModel) {
        String compute = profile.toLowerCase(Locale.ROOT).split("/", 2)[0];
        int partitions = switch (compute) {
            case "spx" -> 1;
            case "dpx" -> 2;
            case "tpx" -> 3;
            case "qpx" -> 4;
            case "cpx" -> xcds(gpuModel.toUpperCase(Locale.ROOT));
            default -> 0;
        };
        return partitions == 0 ? OptionalDouble.empty() : OptionalDouble.of(1.0 / partitions);
    }

    private static int xcds(String model) {
        if (model.contains("MI300A")) {
            return MI300A_XCDS;
        }
        return model.matches(".*MI(300X|325X|350X|355X).*") ? XCDS : 0;
    }
}
