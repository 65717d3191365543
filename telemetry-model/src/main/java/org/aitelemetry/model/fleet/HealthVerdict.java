package org.aitelemetry.model.fleet;

/**
 * Health of a GPU or node as scored from gpu-probe results (contracts.md §6), declared from least to most severe: the
 * worse of two verdicts is the later one.
 */
public enum HealthVerdict {
    /** No probe result scored yet. */
    UNKNOWN,
    HEALTHY,
    /** Nothing against it, but no baseline of either kind scored any of its performance tests: not known healthy. */
    UNSCORED,
    /** The run could not judge the hardware (a probe error without hardware evidence); a re-run is scheduled. */
    INCONCLUSIVE,
    /** Works but below its baseline, its siblings or its SKU's fleet. */
    DEGRADED,
    /** Hard evidence against the hardware, or a failure confirmed by a second run: should not receive work. */
    FAILED
}
