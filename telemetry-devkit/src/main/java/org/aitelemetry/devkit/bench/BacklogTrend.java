package org.aitelemetry.devkit.bench;

import java.util.List;

/**
 * Whether session processing kept up with ingest over a phase, from the backlog sampled while it ran: the rates at
 * which notifications were stored (accepted) and processed (turned into sessions), and the backlog's least-squares
 * slope. Accepting is not the figure that matters; a run whose backlog grows is not "met" at any accept rate.
 */
record BacklogTrend(double acceptedPerSecond, double processedPerSecond, double backlogSlopePerSecond,
        long backlogAtStart, long backlogAtEnd) {

    /** One sample: seconds since the phase began, notifications stored so far, and those not yet processed. */
    record Sample(double seconds, long stored, long pending) {

        long processed() {
            return stored - pending;
        }
    }

    /** A backlog growing by less than this share of the accept rate is noise of the sampling, not a trend. */
    static final double FLAT_SHARE = 0.01;
    /** Below this many notifications per second of growth the backlog counts as flat at any rate. */
    static final double FLAT_FLOOR_PER_SECOND = 20;

    /** Needs two samples at least, at different times. */
    static BacklogTrend of(List<Sample> samples) {
        if (samples.size() < 2) {
            throw new IllegalArgumentException("a trend needs two samples, not " + samples.size());
        }
        Sample first = samples.get(0);
        Sample last = samples.get(samples.size() - 1);
        double span = last.seconds() - first.seconds();
        if (span <= 0) {
            throw new IllegalArgumentException("samples span no time");
        }
        return new BacklogTrend((last.stored() - first.stored()) / span, (last.processed() - first.processed()) / span,
                slope(samples), first.pending(), last.pending());
    }

    /** True when the backlog grows by more than sampling noise: processing falls behind for good. */
    boolean growing() {
        return backlogSlopePerSecond > Math.max(FLAT_FLOOR_PER_SECOND, FLAT_SHARE * acceptedPerSecond);
    }

    private static double slope(List<Sample> samples) {
        double meanT = samples.stream().mapToDouble(Sample::seconds).average().orElseThrow();
        double meanB = samples.stream().mapToDouble(Sample::pending).average().orElseThrow();
        double covariance = 0;
        double variance = 0;
        for (Sample sample : samples) {
            covariance += (sample.seconds() - meanT) * (sample.pending() - meanB);
            variance += (sample.seconds() - meanT) * (sample.seconds() - meanT);
        }
        return covariance / variance;
    }
}
