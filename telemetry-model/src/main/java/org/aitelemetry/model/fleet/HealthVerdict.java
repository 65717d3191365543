package org.aitelemetry.model.fleet;

/** Health of a GPU or node as scored from gpu-probe results. */
public enum HealthVerdict {
    /** No probe result scored yet. */
    UNKNOWN,
    HEALTHY,
    /** Works but below its baseline or slower than its siblings. */
    DEGRADED,
    /** Should not receive work. */
    FAILED
}
