package org.aitelemetry.worker.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.junit.jupiter.api.Test;

class HealthScorerTest {

    private final HealthScorer scorer = new HealthScorer(() -> 0.10);

    @Test
    void theWorstTestStatusIsTheVerdictWithTheProbesReasons() {
        GpuScore score = scorer.score(List.of(gpu("a", test("gemm_fp8", TestStatus.WAIVED, 1.0, "no baseline"),
                test("gemm_bf16", TestStatus.DEGRADED, 700.0, "88% of the baseline"),
                test("nvml_xid", TestStatus.PASSED, null, null))), Map.of()).get(0);

        assertThat(score.verdict()).isEqualTo(HealthVerdict.DEGRADED);
        assertThat(score.reasons()).containsExactly("gemm_bf16 degraded: 88% of the baseline");
        assertThat(scorer.score(List.of(gpu("a", test("nvml_ecc", TestStatus.ERROR, null, null))), Map.of()).get(0)
                .verdict()).isEqualTo(HealthVerdict.FAILED);
    }

    @Test
    void aSlowGpuIsFlaggedAtOnceButDegradedOnlyWhenItWasSlowInItsPreviousRun() {
        List<GpuTests> run = List.of(bw("a", 3000), bw("b", 3100), bw("c", 2900), bw("d", 2600));

        GpuScore once = scorer.score(run, Map.of()).get(3);
        GpuScore twice = scorer.score(run, Map.of("d", Set.of("device_memory_bandwidth"))).get(3);

        assertThat(once.verdict()).isEqualTo(HealthVerdict.HEALTHY);
        assertThat(once.slowTests()).containsExactly("device_memory_bandwidth");
        assertThat(twice.verdict()).isEqualTo(HealthVerdict.DEGRADED);
        assertThat(twice.reasons())
                .containsExactly("device_memory_bandwidth 13% below its 3 siblings' median in 2 consecutive runs");
        assertThat(scorer.score(run, Map.of()).subList(0, 3)).allSatisfy(gpu -> assertThat(gpu.slowTests()).isEmpty());
    }

    @Test
    void withinTheToleranceOrWithFewerThanThreeFiguresNothingIsCompared() {
        assertThat(scorer.score(List.of(bw("a", 3000), bw("b", 3000), bw("c", 2710)), Map.of()))
                .allSatisfy(gpu -> assertThat(gpu.slowTests()).isEmpty());
        assertThat(scorer.score(List.of(bw("a", 3000), bw("b", 1000), gpu("c")), Map.of()))
                .allSatisfy(gpu -> assertThat(gpu.slowTests()).isEmpty());
    }

    @Test
    void onlyThroughputTestsAreCompared() {
        List<GpuTests> run = List.of(gpu("a", test("nvml_power", TestStatus.PASSED, 700.0, null)),
                gpu("b", test("nvml_power", TestStatus.PASSED, 700.0, null)),
                gpu("c", test("nvml_power", TestStatus.PASSED, 100.0, null)));
        assertThat(scorer.score(run, Map.of()).get(2).slowTests()).isEmpty();
    }

    private static GpuTests bw(String uuid, double gbps) {
        return gpu(uuid, test("device_memory_bandwidth", TestStatus.WAIVED, gbps, "no measured baseline"));
    }

    private static GpuTests gpu(String uuid, TestResult... tests) {
        return new GpuTests(uuid, List.of(tests));
    }

    private static TestResult test(String key, TestStatus status, Double value, String reason) {
        return new TestResult(key, status, value, reason);
    }
}
