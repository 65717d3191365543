package org.aitelemetry.worker.health;

import static org.aitelemetry.worker.health.TestResults.H100;
import static org.aitelemetry.worker.health.TestResults.bandwidth;
import static org.aitelemetry.worker.health.TestResults.gpu;
import static org.aitelemetry.worker.health.TestResults.noFleet;
import static org.aitelemetry.worker.health.TestResults.scoredGemm;
import static org.aitelemetry.worker.health.TestResults.test;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** A run's verdict for one GPU on its own (scenarios 23–25), before recovery is applied. */
class HealthScorerTest {

    private final HealthScorer scorer = TestResults.scorer();

    static Stream<Arguments> runs() {
        return Stream.of(
                Arguments.of("clean and scored", List.of(scoredGemm(790)), HealthVerdict.HEALTHY, List.of()),
                Arguments.of("out of memory: another job holds the GPU", List.of(scoredGemm(790),
                        test("gemm_fp16", TestStatus.ERROR, null, false, "error_class", "resource", "error_code",
                                "CUDA_ERROR_OUT_OF_MEMORY")), HealthVerdict.INCONCLUSIVE,
                        List.of(EvidenceKind.PROBE_ERROR)),
                Arguments.of("an error of a probe 1.0, unclassified", List.of(scoredGemm(790),
                        test("nvml_ecc", TestStatus.ERROR, null, "Driver/library version mismatch")),
                        HealthVerdict.INCONCLUSIVE, List.of(EvidenceKind.PROBE_ERROR)),
                Arguments.of("an error the probe classed as hardware", List.of(test("gemm_bf16", TestStatus.ERROR,
                        null, false, "error_class", "hardware", "error_code", "CUDA_ERROR_ECC_UNCORRECTABLE")),
                        HealthVerdict.FAILED, List.of(EvidenceKind.HARDWARE_ERROR, EvidenceKind.UNSCORED)),
                Arguments.of("hardware XID 79", List.of(scoredGemm(790), test("nvml_xid", TestStatus.FAILED, 1.0,
                        false, "xids", "79", "last_xid", "79")), HealthVerdict.FAILED,
                        List.of(EvidenceKind.HARDWARE_XID)),
                Arguments.of("application XID 13 only", List.of(scoredGemm(790), test("nvml_xid", TestStatus.FAILED,
                        1.0, false, "xids", "13")), HealthVerdict.HEALTHY, List.of(EvidenceKind.APPLICATION_XID)),
                Arguments.of("probe 1.0 XID: only the last one", List.of(scoredGemm(790), test("nvml_xid",
                        TestStatus.FAILED, 2.0, false, "last_xid", "48")), HealthVerdict.FAILED,
                        List.of(EvidenceKind.HARDWARE_XID)),
                Arguments.of("double-bit ECC", List.of(scoredGemm(790), test("nvml_ecc", TestStatus.FAILED, 2.0,
                        false, "volatile_uncorrected", "2")), HealthVerdict.FAILED,
                        List.of(EvidenceKind.ECC_UNCORRECTED)),
                Arguments.of("AMD deferred ECC", List.of(scoredGemm(790), test("amd_smi_ecc", TestStatus.FAILED, 0.0,
                        false, "uncorrectable", "0", "deferred", "1")), HealthVerdict.FAILED,
                        List.of(EvidenceKind.ECC_UNCORRECTED)),
                Arguments.of("AMD RAS block in error", List.of(scoredGemm(790), test("amd_smi_ras", TestStatus.FAILED,
                        1.0, false, "ras_uncorrectable_blocks", "umc")), HealthVerdict.FAILED,
                        List.of(EvidenceKind.RAS_ERROR)),
                Arguments.of("row remapping pending", List.of(scoredGemm(790), test("nvml_remapped_rows",
                        TestStatus.DEGRADED, 0.0, false, "pending", "true", "failure_occurred", "false")),
                        HealthVerdict.FAILED, List.of(EvidenceKind.ROW_REMAP_PENDING)),
                Arguments.of("PCIe link x8 of x16", List.of(scoredGemm(790), test("nvml_pcie_link",
                        TestStatus.DEGRADED, 8.0, false, "current_width", "8", "max_width", "16")),
                        HealthVerdict.FAILED, List.of(EvidenceKind.PCIE_LINK)),
                Arguments.of("PCIe link x16 under load though x8 when idle", List.of(scoredGemm(790),
                        test("nvml_pcie_link", TestStatus.PASSED, 8.0, false, "current_width", "8", "max_width", "16",
                                "load_width", "16", "load_gen", "5")), HealthVerdict.HEALTHY, List.of()),
                Arguments.of("PCIe link x8 of x16 under load", List.of(scoredGemm(790), test("nvml_pcie_link",
                        TestStatus.FAILED, 16.0, false, "current_width", "16", "max_width", "16", "load_width", "8",
                        "load_gen", "5")), HealthVerdict.FAILED, List.of(EvidenceKind.PCIE_LINK)),
                Arguments.of("PCIe link at Gen3 under load, the SKU's Gen5: a failure to confirm",
                        List.of(scoredGemm(790), test("nvml_pcie_link", TestStatus.FAILED, 16.0, false,
                                "current_width", "16", "max_width", "16", "max_gen", "5", "expected_gen", "5",
                                "load_width", "16", "load_gen", "3")), HealthVerdict.DEGRADED,
                        List.of(EvidenceKind.UNCONFIRMED_FAILURE)),
                Arguments.of("PCIe link below the SKU's generation", List.of(scoredGemm(790),
                        test("nvml_pcie_link", TestStatus.PASSED, 16.0, false, "current_width", "16",
                                "max_width", "16", "max_gen", "4", "expected_gen", "5")),
                        HealthVerdict.DEGRADED, List.of(EvidenceKind.PCIE_LINK_SLOW)),
                Arguments.of("GEMM result mismatch", List.of(test("gemm_bf16", TestStatus.FAILED, 790.0, true,
                        "mismatches", "3", "checked_entries", "4096")), HealthVerdict.FAILED,
                        List.of(EvidenceKind.RESULT_MISMATCH)),
                Arguments.of("far below the baseline once", List.of(test("gemm_bf16", TestStatus.FAILED, 400.0,
                        true)), HealthVerdict.DEGRADED, List.of(EvidenceKind.UNCONFIRMED_FAILURE)),
                Arguments.of("below the baseline", List.of(test("gemm_bf16", TestStatus.DEGRADED, 700.0, true)),
                        HealthVerdict.DEGRADED, List.of(EvidenceKind.BELOW_BASELINE)),
                Arguments.of("thermal throttling", List.of(scoredGemm(790), test("nvml_throttle_reasons",
                        TestStatus.DEGRADED, 8.0, false)), HealthVerdict.DEGRADED, List.of(EvidenceKind.THROTTLING)),
                Arguments.of("waived performance is never health", List.of(test("gemm_bf16", TestStatus.WAIVED,
                        790.0, false), test("nvml_ecc", TestStatus.PASSED, 0.0, false)), HealthVerdict.UNSCORED,
                        List.of(EvidenceKind.UNSCORED)),
                Arguments.of("no performance test at all", List.of(test("nvml_ecc", TestStatus.PASSED, 0.0,
                        false)), HealthVerdict.UNSCORED, List.of(EvidenceKind.UNSCORED)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runs")
    void eachRunIsJudgedByItsEvidence(String name, List<TestResult> tests, HealthVerdict verdict,
            List<EvidenceKind> kinds) {
        GpuScore score = scorer.score(List.of(gpu("a", tests.toArray(TestResult[]::new))), Map.of(), noFleet())
                .get(0);

        assertThat(score.verdict()).isEqualTo(verdict);
        assertThat(score.evidence()).extracting(Evidence::kind).containsExactlyElementsOf(kinds);
        assertThat(score.evidence()).allSatisfy(item -> assertThat(item.summary()).isNotBlank());
    }

    @Test
    void aFailureSeenInThePreviousRunIsConfirmed() {
        GpuTests gpu = gpu("a", test("gemm_bf16", TestStatus.FAILED, 400.0, true));

        GpuScore once = scorer.score(List.of(gpu), Map.of(), noFleet()).get(0);
        GpuScore twice = scorer.score(List.of(gpu), Map.of("a", new GpuHistory(Set.of(), Set.of("gemm_bf16"))),
                noFleet()).get(0);

        assertThat(once.failedTests()).containsExactly("gemm_bf16");
        assertThat(once.needsRerun()).isTrue();
        assertThat(twice.verdict()).isEqualTo(HealthVerdict.FAILED);
        assertThat(twice.evidence()).extracting(Evidence::kind).containsExactly(EvidenceKind.CONFIRMED_FAILURE);
    }

    @Test
    void anInconclusiveRunAsksForAReRunAndACleanOneDoesNot() {
        GpuTests busy = gpu("a", test("gemm_bf16", TestStatus.ERROR, null, false, "error_class", "resource"));

        assertThat(scorer.score(List.of(busy), Map.of(), noFleet()).get(0).needsRerun()).isTrue();
        assertThat(scorer.score(List.of(gpu("a", scoredGemm(790))), Map.of(), noFleet()).get(0).needsRerun())
                .isFalse();
    }

    @Test
    void nvmlSilentForOneGpuWhileItsSiblingsAnswerIsHardEvidence() {
        TestResult answered = test("nvml_ecc", TestStatus.PASSED, 0.0, false);
        TestResult silent = test("nvml_ecc", TestStatus.WAIVED, null, "NVML has no device at PCI bus id 0000:18:00.0");

        List<GpuScore> scores = scorer.score(List.of(gpu("a", scoredGemm(790), answered),
                gpu("b", scoredGemm(790), silent)), Map.of(), noFleet());

        assertThat(scores.get(0).verdict()).isEqualTo(HealthVerdict.HEALTHY);
        assertThat(scores.get(1).verdict()).isEqualTo(HealthVerdict.FAILED);
        assertThat(scores.get(1).evidence()).extracting(Evidence::kind).containsExactly(EvidenceKind.NVML_SILENT);
        assertThat(scorer.score(List.of(gpu("a", scoredGemm(790), silent), gpu("b", scoredGemm(790), silent)),
                Map.of(), noFleet())).as("NVML missing on the whole node is no GPU's fault")
                .allSatisfy(score -> assertThat(score.verdict()).isEqualTo(HealthVerdict.HEALTHY));
    }

    @Test
    void aSlowGpuIsFlaggedAtOnceButDegradedOnlyWhenItWasSlowInItsPreviousRun() {
        List<GpuTests> run = List.of(bandwidth("a", 3000), bandwidth("b", 3100), bandwidth("c", 2900),
                bandwidth("d", 2600));

        GpuScore once = scorer.score(run, Map.of(), noFleet()).get(3);
        GpuScore twice = scorer.score(run, Map.of("d", new GpuHistory(Set.of("device_memory_bandwidth"), Set.of())),
                noFleet()).get(3);

        assertThat(once.verdict()).isEqualTo(HealthVerdict.UNSCORED);
        assertThat(once.slowTests()).containsExactly("device_memory_bandwidth");
        assertThat(twice.verdict()).isEqualTo(HealthVerdict.DEGRADED);
        assertThat(twice.evidence()).extracting(Evidence::summary).contains(
                "device_memory_bandwidth 13% below its 3 siblings' median in 2 consecutive runs");
        assertThat(scorer.score(run, Map.of(), noFleet()).subList(0, 3))
                .allSatisfy(gpu -> assertThat(gpu.slowTests()).isEmpty());
    }

    @Test
    void withinTheToleranceOrWithFewerThanThreeFiguresNothingIsCompared() {
        assertThat(scorer.score(List.of(bandwidth("a", 3000), bandwidth("b", 3000), bandwidth("c", 2710)), Map.of(),
                noFleet())).allSatisfy(gpu -> assertThat(gpu.slowTests()).isEmpty());
        assertThat(scorer.score(List.of(bandwidth("a", 3000), bandwidth("b", 1000), gpu("c")), Map.of(), noFleet()))
                .allSatisfy(gpu -> assertThat(gpu.slowTests()).isEmpty());
    }

    @Test
    void aFleetBaselineScoresAGpuWithoutAStaticOneAndTwoSlowRunsDegradeIt() {
        FleetComparison fleet = new FleetComparison(Map.of(H100, Map.of("device_memory_bandwidth",
                new FleetFigure(H100, "device_memory_bandwidth", 3000, 30, 40))), 0.15, 8);
        GpuTests slow = bandwidth("a", 2400);

        GpuScore first = scorer.score(List.of(slow), Map.of(), fleet).get(0);
        GpuScore second = scorer.score(List.of(slow), Map.of("a", new GpuHistory(Set.copyOf(first.slowTests()),
                Set.of())), fleet).get(0);

        assertThat(scorer.score(List.of(bandwidth("a", 2950)), Map.of(), fleet).get(0).verdict())
                .as("scored by the fleet, so not unscored").isEqualTo(HealthVerdict.HEALTHY);
        assertThat(first.verdict()).isEqualTo(HealthVerdict.HEALTHY);
        assertThat(first.slowTests()).containsExactly("fleet:device_memory_bandwidth");
        assertThat(second.verdict()).isEqualTo(HealthVerdict.DEGRADED);
        assertThat(second.evidence()).extracting(Evidence::summary).containsExactly(
                "device_memory_bandwidth 20% below the fleet median of 40 " + H100 + " GPUs in 2 consecutive runs");
    }
}
