package org.aitelemetry.worker.kube;

import static org.assertj.core.api.Assertions.assertThat;

import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.model.fleet.TaintState;
import org.aitelemetry.worker.kube.TaintLimit.Figures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The blast-radius limit as a table: how many nodes a share allows, and each verdict's taint state. */
class TaintLimitTest {

    @ParameterizedTest(name = "max-share {0} of {1} GPU nodes allows {2}")
    @CsvSource({
        "0.10, 20, 2",
        "0.10, 29, 2",
        "0.10, 30, 3",
        "0.10, 5, 1",
        "0.10, 1, 1",
        "0.10, 0, 1",
        "0.29, 100, 29",
        "0.50, 7, 3",
        "1.0, 7, 7",
        "0, 100, 0",
    })
    void theShareIsRoundedDownButAllowsOneNode(double share, int gpuNodes, int allowed) {
        assertThat(new TaintLimit(share, 5).allowed(gpuNodes)).isEqualTo(allowed);
    }

    @ParameterizedTest(name = "{0} on a {1} node, dry run {2}, {3} of {4} tainted, {5} this hour -> {6}")
    @CsvSource({
        "FAILED,   NONE,    false, 0, 20, 0, TAINTED, ",
        "FAILED,   NONE,    false, 1, 20, 1, TAINTED, ",
        "FAILED,   NONE,    false, 2, 20, 2, HELD,    2 of 20 GPU nodes already tainted, max-share 10 % allows 2",
        "FAILED,   HELD,    false, 2, 20, 2, HELD,    2 of 20 GPU nodes already tainted",
        "FAILED,   HELD,    false, 1, 20, 2, TAINTED, ",
        "FAILED,   NONE,    false, 0, 100, 5, HELD,   5 nodes tainted in the last hour, max-per-hour 5",
        "FAILED,   TAINTED, false, 9, 20, 9, TAINTED, ",
        "FAILED,   NONE,    true,  0, 20, 0, DRY_RUN, would be tainted",
        "FAILED,   TAINTED, true,  1, 20, 1, DRY_RUN, would be tainted",
        "HEALTHY,  TAINTED, false, 2, 20, 2, NONE,    ",
        "DEGRADED, HELD,    false, 2, 20, 2, NONE,    ",
        "UNSCORED, DRY_RUN, true,  0, 20, 0, NONE,    ",
    })
    void eachVerdictGetsItsTaintState(HealthVerdict verdict, TaintState current, boolean dryRun, int tainted,
            int gpuNodes, int lastHour, TaintState expected, String reason) {
        TaintLimit.Decision decision = new TaintLimit(0.10, 5).decide(verdict, current, dryRun,
                new Figures(gpuNodes, tainted, lastHour));

        assertThat(decision.state()).isEqualTo(expected);
        if (reason == null) {
            assertThat(decision.reason()).isNull();
        } else {
            assertThat(decision.reason()).contains(reason);
        }
    }
}
