package org.aitelemetry.worker.health;

import static org.aitelemetry.worker.health.TestResults.gpu;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Recovery by clean runs in a row (scenario 24): the hysteresis between a run's score and the GPU's verdict. */
class VerdictTransitionTest {

    private static final Evidence ECC = new Evidence(EvidenceKind.ECC_UNCORRECTED, "nvml_ecc", "2 uncorrected");
    private static final Evidence BUSY = new Evidence(EvidenceKind.PROBE_ERROR, "gemm_bf16", "out of memory");
    private static final Evidence SLOW = new Evidence(EvidenceKind.BELOW_BASELINE, "gemm_bf16", "88%");

    static Stream<Arguments> transitions() {
        return Stream.of(
                Arguments.of(HealthVerdict.UNKNOWN, 0, run(HealthVerdict.HEALTHY), HealthVerdict.HEALTHY, 0),
                Arguments.of(HealthVerdict.HEALTHY, 0, run(HealthVerdict.INCONCLUSIVE, BUSY),
                        HealthVerdict.INCONCLUSIVE, 0),
                Arguments.of(HealthVerdict.HEALTHY, 0, run(HealthVerdict.FAILED, ECC), HealthVerdict.FAILED, 0),
                Arguments.of(HealthVerdict.FAILED, 0, run(HealthVerdict.HEALTHY), HealthVerdict.FAILED, 1),
                Arguments.of(HealthVerdict.FAILED, 1, run(HealthVerdict.HEALTHY), HealthVerdict.FAILED, 2),
                Arguments.of(HealthVerdict.FAILED, 2, run(HealthVerdict.HEALTHY), HealthVerdict.HEALTHY, 0),
                Arguments.of(HealthVerdict.FAILED, 2, run(HealthVerdict.UNSCORED), HealthVerdict.UNSCORED, 0),
                Arguments.of(HealthVerdict.FAILED, 2, run(HealthVerdict.INCONCLUSIVE, BUSY), HealthVerdict.FAILED, 2),
                Arguments.of(HealthVerdict.FAILED, 2, run(HealthVerdict.DEGRADED, SLOW), HealthVerdict.FAILED, 0),
                Arguments.of(HealthVerdict.DEGRADED, 1, run(HealthVerdict.FAILED, ECC), HealthVerdict.FAILED, 0),
                Arguments.of(HealthVerdict.DEGRADED, 1, run(HealthVerdict.HEALTHY), HealthVerdict.DEGRADED, 2),
                Arguments.of(HealthVerdict.INCONCLUSIVE, 0, run(HealthVerdict.HEALTHY), HealthVerdict.HEALTHY, 0));
    }

    @ParameterizedTest(name = "{0} ({1} clean) + {2} → {3} ({4} clean)")
    @MethodSource("transitions")
    void aDegradedOrFailedGpuNeedsThreeCleanRunsInARow(HealthVerdict current, int clean, GpuScore run,
            HealthVerdict verdict, int cleanAfter) {
        VerdictTransition.Outcome outcome = VerdictTransition.next(current, List.of(ECC), clean, run, 3);

        assertThat(outcome.verdict()).isEqualTo(verdict);
        assertThat(outcome.cleanRuns()).isEqualTo(cleanAfter);
        assertThat(outcome.evidence()).as("every verdict names its evidence")
                .isNotEmpty().allSatisfy(item -> assertThat(item.summary()).isNotBlank());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transitions")
    void aHeldVerdictKeepsTheEvidenceThatCalledForIt(HealthVerdict current, int clean, GpuScore run,
            HealthVerdict verdict, int cleanAfter) {
        VerdictTransition.Outcome outcome = VerdictTransition.next(current, List.of(ECC), clean, run, 3);

        if (verdict == current && verdict == HealthVerdict.FAILED && run.verdict() != HealthVerdict.FAILED) {
            assertThat(outcome.evidence()).contains(ECC);
        }
        if (verdict == current && run.clean() && (verdict == HealthVerdict.FAILED
                || verdict == HealthVerdict.DEGRADED)) {
            assertThat(outcome.evidence()).extracting(Evidence::kind).contains(EvidenceKind.RECOVERING);
        }
    }

    private static GpuScore run(HealthVerdict verdict, Evidence... evidence) {
        List<Evidence> items = evidence.length > 0 ? List.of(evidence)
                : verdict == HealthVerdict.UNSCORED ? List.of(new Evidence(EvidenceKind.UNSCORED, null, "unscored"))
                : List.of(new Evidence(EvidenceKind.APPLICATION_XID, "nvml_xid", "XID 13"));
        return new GpuScore(gpu("a"), verdict, items, List.of(), List.of());
    }
}
