package org.aitelemetry.worker.promql;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The AMD queries letter for letter: the names in both spellings, the exporter's job and namespace, a GPU by its serial
 * and a partition by its number come from shared constants, and a change to one of them must show here.
 */
class AmdQueriesTest {

    private static final String EXPORTER = "job=\"amd-device-metrics-exporter\", namespace=\"kube-amd-gpu\"";
    private static final String GFX = "__name__=~\"gpu_gfx_activity|amd_gpu_gfx_activity\"";

    private final AmdQueries queries = AmdExporterConfig.queries();

    @Test
    void aWholeGpusAverageActivityReadsItsSerialInSpxMode() {
        String activity = "{" + EXPORTER + ", " + GFX + ", serial_number=\"692409005408\", "
                + "gpu_compute_partition_type=~\"(?i)(spx)?\"}[5400000ms]";

        assertThat(queries.sessionAverage("AMD-692409005408", null, Duration.ofMinutes(90)))
                .isEqualTo("sum(sum_over_time(" + activity + ")) / sum(count_over_time(" + activity + "))");
    }

    @Test
    void aPartitionsAverageActivityReadsItsNumberOutsideSpxModeAndTheSerialIsEscaped() {
        String activity = "{" + EXPORTER + ", " + GFX + ", serial_number=\"69\\\"24\", "
                + "gpu_compute_partition_type!~\"(?i)(spx)?\", gpu_partition_id=\"3\"}[61000ms]";

        assertThat(queries.sessionAverage("AMD-69\"24", 3, Duration.ofSeconds(61)))
                .isEqualTo("sum(sum_over_time(" + activity + ")) / sum(count_over_time(" + activity + "))");
    }

    @Test
    void energyIsTheIncreaseOfTheWholeGpusCounter() {
        assertThat(queries.sessionEnergy("AMD-692409005408", Duration.ofHours(2))).isEqualTo("sum(increase({"
                + EXPORTER + ", __name__=~\"gpu_energy_consumed|amd_gpu_energy_consumed\", "
                + "serial_number=\"692409005408\", gpu_compute_partition_type=~\"(?i)(spx)?\"}[7200000ms]))");
    }
}
