package org.aitelemetry.worker.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which figures of a run the fleet-relative baseline is built from (stored at ingest as probe_result.figures). */
class FleetFiguresTest {

    @ParameterizedTest(name = "{0} {1} {2} -> {3}")
    @CsvSource(nullValues = "null", value = {
        "gemm_bf16,               PASSED,   790.5, true",
        "gemm_fp8,                WAIVED,   1400,  true",
        "device_memory_bandwidth, DEGRADED, 2100,  true",
        "host_to_device_bandwidth,PASSED,   55,    true",
        "gemm_bf16,               FAILED,   400,   false",
        "gemm_bf16,               ERROR,    790,   false",
        "gemm_bf16,               PASSED,   null,  false",
        "gemm_bf16,               PASSED,   0,     false",
        "gemm_bf16,               PASSED,   -3,    false",
        "nvml_temperature,        PASSED,   61,    false",
        "cpu_gemm,                PASSED,   900,   false",
    })
    void aFigureIsAMeasuredThroughputThatIsNotBroken(String key, TestStatus status, Double value, boolean figure) {
        GpuTests gpu = TestResults.gpu("GPU-1", TestResults.test(key, status, value, null));

        assertThat(gpu.fleetFigures()).isEqualTo(figure ? Map.of(key, value) : Map.of());
    }

    @ParameterizedTest
    @CsvSource({"NaN", "Infinity"})
    void aFigureIsFinite(double value) {
        GpuTests gpu = TestResults.gpu("GPU-1", TestResults.test("gemm_bf16", TestStatus.PASSED, value, null));

        assertThat(gpu.fleetFigures()).isEmpty();
        assertThat(EvidenceJson.figures(gpu)).isEqualTo("{}");
    }

    @Test
    void figuresAreStoredAsOneObjectByTestKey() {
        GpuTests gpu = TestResults.gpu("GPU-1", TestResults.scoredGemm(790.5),
                TestResults.test("device_memory_bandwidth", TestStatus.WAIVED, 4200.0, null),
                TestResults.test("nvml_ecc", TestStatus.PASSED, 0.0, null));

        assertThat(EvidenceJson.figures(gpu)).isEqualTo("{\"device_memory_bandwidth\":4200.0,\"gemm_bf16\":790.5}");
    }
}
