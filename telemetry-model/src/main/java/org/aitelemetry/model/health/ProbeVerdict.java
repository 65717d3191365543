package org.aitelemetry.model.health;

/** Overall outcome of a gpu-probe run on a node. */
public enum ProbeVerdict {
    HEALTHY,
    DEGRADED,
    FAILED,
    /** The probe found no GPU or driver (exit code 3); only CPU tests ran. */
    NO_GPU
}
