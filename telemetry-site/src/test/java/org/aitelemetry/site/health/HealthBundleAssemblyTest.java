package org.aitelemetry.site.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.site.health.HealthBundle.Failure;
import org.aitelemetry.site.health.HealthBundleAssembly.BaselineRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The bundle's derived parts: the repeat-offender rule, the ratio to the fleet, and which probe tests are NVML. */
class HealthBundleAssemblyTest {

    private static final OffsetDateTime NOW = OffsetDateTime.parse("2026-11-24T12:00:00Z");

    @ParameterizedTest(name = "failures {0} days ago → {1} in 30 days, repeat offender {2}")
    @CsvSource(delimiter = ';', value = {
        "'';0;false", "2;1;false", "2,20;2;true", "2,31;1;false", "1,2,3;3;true", "31,40;0;false"})
    void aBoardThatFailedTwiceIn30DaysIsARepeatOffender(String daysAgo, int recent, boolean repeatOffender) {
        List<Failure> failures = daysAgo.isEmpty() ? List.of() : List.of(daysAgo.split(",")).stream()
                .map(days -> new Failure(NOW.minusDays(Long.parseLong(days)), "GPU-1", null, null, UUID.randomUUID(),
                        List.of())).toList();
        HealthBundle.BoardHistory board = HealthBundleAssembly.board(NOW, "serial-1", failures);
        assertThat(board.failuresLast30Days()).isEqualTo(recent);
        assertThat(board.repeatOffender()).isEqualTo(repeatOffender);
    }

    @ParameterizedTest(name = "value {0} against median {1} → ratio {2}")
    @CsvSource(delimiter = ';', value = {"390;780;0.5", "780;780;1.0", ";780;", "100;0;"})
    void comparesTheLatestValueToTheFleetMedian(Double value, double median, Double ratio) {
        Map<String, Object> tests = value == null ? Map.of() : Map.of("gemm_bf16", Map.of("value", value));
        List<HealthBundle.FleetComparison> fleet = HealthBundleAssembly.fleet(tests,
                List.of(new BaselineRow("gemm_bf16", median, 1.0, 10, NOW)));
        assertThat(fleet.get(0).ratio()).isEqualTo(ratio);
        assertThat(fleet.get(0).value()).isEqualTo(value);
    }

    @Test
    void theNvmlSnapshotIsTheNvmlTests() {
        Map<String, Object> tests = Map.of("gemm_bf16", Map.of(), "nvml_xid", Map.of("value", 79),
                "nvml_temperature", Map.of("value", 58));
        assertThat(HealthBundleAssembly.nvml(tests)).containsOnlyKeys("nvml_temperature", "nvml_xid");
    }
}
