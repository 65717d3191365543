package org.aitelemetry.worker.health;

import java.util.Optional;
import org.aitelemetry.model.fleet.HealthVerdict;

/** How much a piece of evidence weighs: the verdict it calls for on its own, if any. */
public enum Severity {
    /** Hard evidence against the hardware: FAILED at once. */
    HARD(HealthVerdict.FAILED),
    /** A failure seen in two consecutive runs: FAILED. */
    CONFIRMED(HealthVerdict.FAILED),
    DEGRADED(HealthVerdict.DEGRADED),
    /** The run could not judge the hardware. */
    INCONCLUSIVE(HealthVerdict.INCONCLUSIVE),
    /** No baseline of either kind for the performance tests. */
    UNSCORED(HealthVerdict.UNSCORED),
    /** Context for a person; calls for no verdict. */
    INFO(null);

    private final HealthVerdict verdict;

    Severity(HealthVerdict verdict) {
        this.verdict = verdict;
    }

    public Optional<HealthVerdict> verdict() {
        return Optional.ofNullable(verdict);
    }
}
