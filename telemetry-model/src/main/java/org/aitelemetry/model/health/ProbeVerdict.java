package org.aitelemetry.model.health;

/** Overall outcome of a gpu-probe run on a node: its worst GPU verdict, or NO_GPU. */
public enum ProbeVerdict {
    HEALTHY,
    UNSCORED,
    INCONCLUSIVE,
    DEGRADED,
    FAILED,
    /** The probe found no GPU or driver (exit code 3); only CPU tests ran. */
    NO_GPU
}
