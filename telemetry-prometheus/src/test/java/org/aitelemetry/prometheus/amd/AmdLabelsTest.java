package org.aitelemetry.prometheus.amd;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.aitelemetry.prometheus.Sample;
import org.aitelemetry.prometheus.Series;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AmdLabelsTest {

    @ParameterizedTest(name = "serial {0} -> {1}")
    @CsvSource(nullValues = "none", value = {
            "692409005408, AMD-692409005408",
            "PCB-0042.A_1, AMD-PCB-0042.A_1",
            "'', none",
            "NA, none",
            "N/A, none",
            "'692409005408\"}', none"})
    void aGpuIsItsBoardsSerialNumber(String serial, String expected) {
        assertThat(AmdLabels.deviceId(series(Map.of(AmdLabel.SERIAL_NUMBER, serial))))
                .isEqualTo(Optional.ofNullable(expected));
    }

    @Test
    void aSeriesWithoutSerialNamesNoGpu() {
        assertThat(AmdLabels.deviceId(series(Map.of(AmdLabel.GPU_ID, "0")))).isEmpty();
    }

    @ParameterizedTest(name = "{0} partition {1} -> {2}")
    @CsvSource(nullValues = "none", value = {
            "spx, 0, none",
            "SPX, 0, none",
            "cpx, 5, 5",
            "CPX, 7, 7",
            "dpx, 1, 1",
            "qpx, NA, none",
            "cpx, '', none",
            "cpx, -1, none",
            "none, 0, none"})
    void onlyAPartitionedGpuHasSlices(String computeMode, String partitionId, Integer expected) {
        Map<String, String> labels = new HashMap<>(Map.of(AmdLabel.PARTITION_ID, partitionId));
        if (computeMode != null) {
            labels.put(AmdLabel.COMPUTE_PARTITION, computeMode);
        }
        assertThat(AmdLabels.partition(series(labels))).isEqualTo(Optional.ofNullable(expected));
    }

    @Test
    void aSliceProfileNamesBothModesInLowerCase() {
        assertThat(AmdLabels.partitionProfile(series(Map.of(AmdLabel.COMPUTE_PARTITION, "CPX",
                AmdLabel.MEMORY_PARTITION, "NPS4")))).isEqualTo("cpx/nps4");
        assertThat(AmdLabels.partitionProfile(series(Map.of(AmdLabel.COMPUTE_PARTITION, "dpx"))))
                .isEqualTo("dpx/unknown");
    }

    @Test
    void theModelIsTheMarketNameElseThePartNumber() {
        assertThat(AmdLabels.model(series(Map.of(AmdLabel.CARD_SERIES, "AMD Instinct MI300X OAM",
                AmdLabel.CARD_MODEL, "102-G30211-0C")))).contains("AMD Instinct MI300X OAM");
        assertThat(AmdLabels.model(series(Map.of(AmdLabel.CARD_SERIES, "", AmdLabel.CARD_MODEL, "102-G30211-0C"))))
                .contains("102-G30211-0C");
    }

    @ParameterizedTest
    @CsvSource({"AMD-692409005408, true", "amd-692409005408, true", "GPU-30ad6183, false", "AM, false"})
    void amdIdsAreToldFromNvidiaUuids(String id, boolean amd) {
        assertThat(AmdLabels.isAmdDeviceId(id)).isEqualTo(amd);
    }

    @Test
    void everyFieldIsReadBareAndWithTheHelmPrefix() {
        assertThat(AmdField.POWER.metrics()).containsExactly("gpu_package_power", "gpu_average_package_power",
                "amd_gpu_package_power", "amd_gpu_average_package_power");
        assertThat(AmdField.ENERGY.toModelUnit(2_500_000)).isEqualTo(2.5);
    }

    private static Series series(Map<String, String> labels) {
        return new Series(labels, List.of(new Sample(Instant.EPOCH, 1)));
    }
}
