package org.aitelemetry.worker.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The rule table from evidence to advice ({@code health/remediation.csv}, {@code health/xids.csv}). */
class RemediationTest {

    private final Remediation remediation = new Remediation(new XidCatalogue());

    static Stream<Arguments> rules() {
        return Stream.of(
                Arguments.of(evidence(EvidenceKind.PROBE_ERROR), List.of("rerun")),
                Arguments.of(evidence(EvidenceKind.UNCONFIRMED_FAILURE), List.of("rerun")),
                Arguments.of(evidence(EvidenceKind.ECC_UNCORRECTED), List.of("reset_gpu")),
                Arguments.of(evidence(EvidenceKind.ROW_REMAP_PENDING), List.of("reset_gpu")),
                Arguments.of(evidence(EvidenceKind.ROW_REMAP_FAILURE), List.of("rma")),
                Arguments.of(evidence(EvidenceKind.PCIE_LINK), List.of("inspect_pcie")),
                Arguments.of(evidence(EvidenceKind.THROTTLING), List.of("check_cooling")),
                Arguments.of(evidence(EvidenceKind.RESULT_MISMATCH), List.of("drain_reboot")),
                Arguments.of(evidence(EvidenceKind.CONFIRMED_FAILURE), List.of("drain_reboot")),
                Arguments.of(evidence(EvidenceKind.APPLICATION_XID), List.of()),
                Arguments.of(List.of(xid(79)), List.of("drain_reboot")),
                Arguments.of(List.of(xid(48)), List.of("reset_gpu")),
                Arguments.of(List.of(xid(64)), List.of("rma")),
                Arguments.of(List.of(new Evidence(EvidenceKind.REPEAT_OFFENDER, null, "twice"), xid(48),
                        new Evidence(EvidenceKind.THROTTLING, "nvml_throttle_reasons", "hot")),
                        List.of("rma", "reset_gpu", "check_cooling")));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @MethodSource("rules")
    void evidenceGivesItsActionsMostDrasticFirst(List<Evidence> evidence, List<String> actions) {
        List<Advice> advice = remediation.advise(evidence);

        assertThat(advice).extracting(Advice::action).containsExactlyElementsOf(actions);
        assertThat(advice).allSatisfy(item -> {
            assertThat(item.summary()).isNotBlank();
            assertThat(item.because()).isNotEmpty();
        });
    }

    @Test
    void aHardwareXidsAdviceNamesTheXid() {
        assertThat(remediation.advise(List.of(xid(79))).get(0).summary()).startsWith("XID 79: Drain the node");
    }

    @Test
    void everyActionOfTheTablesIsKnown() {
        for (EvidenceKind kind : EvidenceKind.values()) {
            remediation.advise(evidence(kind)).forEach(item -> assertThat(Remediation.ACTIONS)
                    .contains(item.action()));
        }
    }

    private static List<Evidence> evidence(EvidenceKind kind) {
        return List.of(new Evidence(kind, "t", kind.jsonName()));
    }

    private static Evidence xid(int code) {
        return new Evidence(EvidenceKind.HARDWARE_XID, "nvml_xid", "XID " + code, Map.of("xid",
                Integer.toString(code)));
    }
}
