package org.aitelemetry.worker.health;

import org.aitelemetry.model.fleet.HealthVerdict;

/** A gpu-probe test's status (contracts.md §6) and what it makes of the GPU's verdict. */
public enum TestStatus {
    PASSED(HealthVerdict.HEALTHY),
    /** No baseline or no library: nothing is known against the GPU. */
    WAIVED(HealthVerdict.HEALTHY),
    DEGRADED(HealthVerdict.DEGRADED),
    FAILED(HealthVerdict.FAILED),
    /** A CUDA or cuBLAS call failed: the GPU cannot be trusted with work. */
    ERROR(HealthVerdict.FAILED);

    private final HealthVerdict verdict;

    TestStatus(HealthVerdict verdict) {
        this.verdict = verdict;
    }

    public HealthVerdict verdict() {
        return verdict;
    }
}
