package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The health benchmark's options, reports and metric reading, without the components. */
class HealthBenchmarkPartsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void defaultsAreTheAcceptanceFleetAndSmokeIsSmall() {
        assertThat(HealthOptions.parse(new String[0]))
                .isEqualTo(new HealthOptions(1000, 8, 8000, 10_000, 8, 100, 10_000, false));
        HealthOptions smoke = HealthOptions.parse(new String[] {"--smoke"});
        assertThat(smoke.smoke()).isTrue();
        assertThat(smoke.loadNodes()).isEqualTo(16);
        assertThatThrownBy(() -> HealthOptions.parse(new String[] {"--nodes", "10", "--failing", "10"}))
                .hasMessageContaining("--failing must be below --nodes");
        assertThatThrownBy(() -> HealthOptions.parse(new String[] {"--nodes", "10", "--failing", "4", "--concurrency",
                "8"})).hasMessageContaining("each poster owns its nodes");
    }

    @Test
    void aFailedRunCarriesHardEvidenceOnItsFirstGpuOnly() throws Exception {
        HealthFleet fleet = new HealthFleet(4, 8);
        UUID runId = UUID.randomUUID();

        JsonNode report = JSON.readTree(new ProbeRunBody(1).report(HealthFleet.node(3), fleet.gpus(3), runId, true));

        assertThat(report.get("schema_version").asText()).isEqualTo("1.1");
        assertThat(report.get("run_id").asText()).isEqualTo(runId.toString());
        assertThat(report.at("/host/hostname").asText()).isEqualTo("gpu-node-00003");
        assertThat(report.get("gpus")).hasSize(8);
        JsonNode first = report.at("/gpus/0");
        assertThat(first.get("uuid").asText()).isEqualTo(fleet.gpus(3).get(0).uuid());
        assertThat(first.at("/tests/nvml_ecc/status").asText()).isEqualTo("failed");
        assertThat(first.at("/tests/nvml_ecc/details/volatile_uncorrected").asInt()).isEqualTo(2);
        assertThat(first.at("/tests/nvml_xid/details/last_xid").asInt()).isEqualTo(79);
        assertThat(report.at("/gpus/1/tests/nvml_ecc/status").asText()).isEqualTo("passed");
        assertThat(report.at("/gpus/1/tests/gemm_bf16/ratio").asDouble()).isBetween(0.93, 1.01);
    }

    @Test
    void fleetAndBaselineGpusNeverShareUuidsOrSerials() {
        HealthFleet fleet = new HealthFleet(2, 8);

        assertThat(fleet.gpus(1)).doesNotContainAnyElementsOf(fleet.baselineGpus(1));
        assertThat(fleet.gpus(1).get(7).serial()).isNotEqualTo(fleet.baselineGpus(1).get(7).serial());
        assertThat(fleet.gpus(1)).isEqualTo(new HealthFleet(2, 8).gpus(1));
    }

    @Test
    void aWorkerTimerIsSummedOverItsLabelSetsAndAbsentWithoutSamples() {
        String exposition = """
                # TYPE telemetry_health_fleet_baseline_recompute_seconds summary
                telemetry_health_fleet_baseline_recompute_seconds_count{outcome="ok"} 3.0
                telemetry_health_fleet_baseline_recompute_seconds_sum{outcome="ok"} 0.9
                telemetry_health_fleet_baseline_recompute_seconds_count{outcome="failed"} 1.0
                telemetry_health_fleet_baseline_recompute_seconds_sum{outcome="failed"} 0.1
                telemetry_health_fleet_baseline_recompute_seconds_max{outcome="ok"} 0.4
                """;

        assertThat(WorkerTimer.parse(exposition, HealthBenchmark.BASELINE_TIMER, ""))
                .contains(new WorkerTimer(4, 1.0, 0.4));
        assertThat(WorkerTimer.parse(exposition, HealthBenchmark.BASELINE_TIMER, "outcome=\"failed\""))
                .as("only the label sets that carry the label").contains(new WorkerTimer(1, 0.1, 0));
        assertThat(new WorkerTimer(6, 1.6, 0.4).meanSince(new WorkerTimer(4, 1.0, 0.4)))
                .isCloseTo(0.3, within(1e-9));
        assertThat(WorkerTimer.parse("jvm_threads_live_threads 42.0\n", HealthBenchmark.BASELINE_TIMER, ""))
                .isEmpty();
    }
}
