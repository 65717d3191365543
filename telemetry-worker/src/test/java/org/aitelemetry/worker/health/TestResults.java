package org.aitelemetry.worker.health;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Probe test results and GPUs for the scoring tests. */
final class TestResults {

    static final String H100 = "NVIDIA H100 80GB HBM3";

    private TestResults() {
    }

    static TestResult test(String key, TestStatus status, Double value, String reason) {
        return new TestResult(key, status, value, reason);
    }

    /** A test with details given as name, value pairs. */
    static TestResult test(String key, TestStatus status, Double value, boolean hasBaseline, String... details) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < details.length; i += 2) {
            map.put(details[i], details[i + 1]);
        }
        return new TestResult(key, status, value, null, hasBaseline, map);
    }

    /** gemm_bf16 passed against the static baseline. */
    static TestResult scoredGemm(double tflops) {
        return test("gemm_bf16", TestStatus.PASSED, tflops, true);
    }

    static GpuTests gpu(String uuid, TestResult... tests) {
        return new GpuTests(uuid, H100, "serial-" + uuid, List.of(tests));
    }

    static GpuTests bandwidth(String uuid, double gbps) {
        return gpu(uuid, test("device_memory_bandwidth", TestStatus.WAIVED, gbps, "no measured baseline"));
    }

    static FleetComparison noFleet() {
        return new FleetComparison(Map.of(), 0.15, 8);
    }

    static HealthScorer scorer() {
        return new HealthScorer(new TestHealthConfig(), new TestEvidence(new XidCatalogue()));
    }

    /** The defaults of {@link HealthConfig}. */
    static final class TestHealthConfig implements HealthConfig {
        @Override
        public double siblingTolerance() {
            return 0.10;
        }

        @Override
        public int recoveryRuns() {
            return 3;
        }

        @Override
        public java.time.Duration repeatWindow() {
            return java.time.Duration.ofDays(30);
        }

        @Override
        public FleetBaseline fleetBaseline() {
            throw new UnsupportedOperationException("not used by the scorer");
        }

        @Override
        public Rerun rerun() {
            throw new UnsupportedOperationException("not used by the scorer");
        }
    }
}
