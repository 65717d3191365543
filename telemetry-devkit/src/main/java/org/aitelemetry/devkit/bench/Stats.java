package org.aitelemetry.devkit.bench;

import java.util.Arrays;

/** Order statistics of a small sample, as benchmarks report them. */
record Stats(double median, double min, double max) {

    static Stats of(double[] samples) {
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Stats(median, sorted[0], sorted[n - 1]);
    }
}
