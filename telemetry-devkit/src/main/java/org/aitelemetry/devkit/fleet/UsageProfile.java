package org.aitelemetry.devkit.fleet;

/**
 * How a pod uses its GPU or MIG slice. Unallocated GPUs and slices are {@link #IDLE} with an empty framebuffer; an
 * allocated one can be idle too (the waste a usage report should show).
 */
public enum UsageProfile {

    /** 0 % utilization; an allocated idle GPU still holds a little memory (a loaded notebook kernel). */
    IDLE(0, 0, 60, 0.05),
    /** Training: 80–96 % utilization, most of the memory. */
    BUSY(88, 8, 300, 0.85),
    /** Interactive or batch bursts: 0–90 % utilization over a 90-second cycle. */
    BURSTY(45, 45, 90, 0.40);

    private final double utilizationBase;
    private final double utilizationAmplitude;
    private final double periodSeconds;
    private final double memoryShare;

    UsageProfile(double utilizationBase, double utilizationAmplitude, double periodSeconds, double memoryShare) {
        this.utilizationBase = utilizationBase;
        this.utilizationAmplitude = utilizationAmplitude;
        this.periodSeconds = periodSeconds;
        this.memoryShare = memoryShare;
    }

    /** Utilization in percent over time, shifted by a per-entity phase so GPUs do not move in lockstep. */
    public Waveform utilization(double phase) {
        return new Waveform(utilizationBase, utilizationAmplitude, periodSeconds, phase);
    }

    /** Share of the framebuffer in use while allocated. */
    public double memoryShare() {
        return memoryShare;
    }
}
