package org.aitelemetry.worker.health;

import static org.aitelemetry.worker.health.TestResults.test;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the AMD SMI tests of a probe run weigh: uncorrectable and deferred ECC errors as NVIDIA's double-bit ones, a RAS
 * block in error as hard evidence naming the block, correctable errors and clean blocks as nothing.
 */
class TestEvidenceTest {

    private final TestEvidence evidence = new TestEvidence(new XidCatalogue());

    static Stream<Arguments> amdSnapshots() {
        return Stream.of(
                Arguments.of("uncorrectable ECC", test("amd_smi_ecc", TestStatus.FAILED, 2.0, false, "correctable",
                        "5", "uncorrectable", "2", "deferred", "0"), EvidenceKind.ECC_UNCORRECTED,
                        "2 uncorrectable and 0 deferred ECC errors"),
                Arguments.of("deferred ECC only", test("amd_smi_ecc", TestStatus.FAILED, 0.0, false, "correctable",
                        "0", "uncorrectable", "0", "deferred", "3"), EvidenceKind.ECC_UNCORRECTED,
                        "0 uncorrectable and 3 deferred ECC errors"),
                Arguments.of("correctable ECC only", test("amd_smi_ecc", TestStatus.PASSED, 0.0, false, "correctable",
                        "12", "uncorrectable", "0", "deferred", "0"), null, null),
                Arguments.of("RAS blocks in error", test("amd_smi_ras", TestStatus.FAILED, 2.0, false,
                        "ras_enabled_blocks", "umc,gfx,df", "ras_uncorrectable_blocks", "umc,df"),
                        EvidenceKind.RAS_ERROR, "RAS reports uncorrectable errors in umc,df"),
                Arguments.of("RAS clean", test("amd_smi_ras", TestStatus.PASSED, 0.0, false, "ras_enabled_blocks",
                        "umc,gfx", "ras_uncorrectable_blocks", ""), null, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("amdSnapshots")
    void amdSnapshotsWeighAsTheirNvidiaCounterparts(String name, TestResult test, EvidenceKind kind, String summary) {
        List<Evidence> found = evidence.of(test, Set.of());

        if (kind == null) {
            assertThat(found).isEmpty();
            return;
        }
        assertThat(found).singleElement().satisfies(item -> {
            assertThat(item.kind()).isEqualTo(kind);
            assertThat(item.severity()).isEqualTo(Severity.HARD);
            assertThat(item.test()).isEqualTo(test.key());
            assertThat(item.summary()).contains(summary);
        });
    }
}
