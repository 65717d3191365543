package org.aitelemetry.worker.health;

/**
 * A gpu-probe test's status (contracts.md §6). What it means for the GPU's verdict is the {@link RunEvidence}'s
 * decision, not the status alone: an {@code error} is evidence only when the probe classed it as hardware, and
 * {@code waived} is never evidence of health.
 */
public enum TestStatus {
    PASSED, WAIVED, DEGRADED, FAILED, ERROR
}
