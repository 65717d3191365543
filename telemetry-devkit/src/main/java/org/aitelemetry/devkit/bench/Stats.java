package org.aitelemetry.devkit.bench;

import java.util.Arrays;

/** Order statistics of a sample, as benchmarks report them; percentiles by nearest rank. */
record Stats(double median, double min, double max, double p90, double p95, double p99, double p999) {

    static Stats of(double[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Stats(median, sorted[0], sorted[n - 1], nearestRank(sorted, 0.90), nearestRank(sorted, 0.95),
                nearestRank(sorted, 0.99), nearestRank(sorted, 0.999));
    }

    private static double nearestRank(double[] sorted, double fraction) {
        int rank = (int) Math.ceil(fraction * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
