package org.aitelemetry.prometheus.dcgm;

import java.util.Locale;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aitelemetry.prometheus.amd.AmdPartitionShare;

/**
 * The share of a whole GPU that a MIG slice stands for in GPU-seconds: its compute slices over the GPU's. A profile
 * {@code Ng.XXgb} (e.g. {@code 3g.40gb}, {@code 1g.10gb+me}) owns N compute slices; A100 and H100 (and every other
 * MIG GPU but the A30) have 7, so {@code 3g.40gb} is 3/7 of a GPU and {@code 7g.80gb} the whole of it; the A30 has 4.
 * Memory does not enter: a {@code 1g.20gb} is still 1/7 of the compute.
 *
 * <p>An AMD partition's profile ({@code <compute>/<memory>}, e.g. {@code cpx/nps4}) has its share from
 * {@link AmdPartitionShare}, so that every caller prices slices of both vendors through this one class.
 */
public final class MigShare {

    private static final Pattern COMPUTE_SLICES = Pattern.compile("^(\\d+)g\\.");
    private static final int SLICES = 7;
    private static final int A30_SLICES = 4;

    private MigShare() {
    }

    /** Empty for a profile that names no compute slices, or more than the GPU has. */
    public static OptionalDouble of(String profile, String gpuModel) {
        if (profile.contains("/")) {
            return AmdPartitionShare.of(profile, gpuModel);
        }
        Matcher matcher = COMPUTE_SLICES.matcher(profile);
        if (!matcher.find()) {
            return OptionalDouble.empty();
        }
        int slices = gpuModel.toUpperCase(Locale.ROOT).contains("A30") ? A30_SLICES : SLICES;
        int owned = Integer.parseInt(matcher.group(1));
        return owned >= 1 && owned <= slices ? OptionalDouble.of((double) owned / slices) : OptionalDouble.empty();
    }
}
