package org.aitelemetry.worker.span;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.aitelemetry.worker.promql.AmdExporterConfig;
import org.aitelemetry.worker.promql.AmdQueries;
import org.junit.jupiter.api.Test;

/**
 * An AMD session's aggregates come from AMD's exporter in its units, and reach the span in NVIDIA's: percent and
 * joules. (NVIDIA's own path is SessionAggregatesTest's, against the fleet simulator.)
 */
class AggregateQueriesTest {

    private static final Instant START = Instant.parse("2026-11-20T08:00:00Z");
    private static final Duration HOUR = Duration.ofHours(1);

    private final AmdQueries amd = AmdExporterConfig.queries();
    private final AggregateQueries queries = new AggregateQueries(null, amd);

    @Test
    void anAmdGpusActivityIsInPercentAndItsEnergyInMicrojoulesUpToFiveKilowatts() {
        OutboxSession gpu = session("AMD-692409005408", null);

        assertThat(queries.utilization(gpu, HOUR))
                .isEqualTo(new AggregateQuery(amd.sessionAverage("AMD-692409005408", null, HOUR), "gpu_gfx_activity",
                        100, 1));
        AggregateQuery energy = queries.energy(gpu, HOUR);
        assertThat(energy.promql()).isEqualTo(amd.sessionEnergy("AMD-692409005408", HOUR));
        assertThat(energy.field()).isEqualTo("gpu_energy_consumed");
        assertThat(energy.most() * energy.toSpanUnit()).as("joules").isEqualTo(3600 * 5_000.0);
        assertThat(energy.toSpanUnit()).isEqualTo(1e-6);
    }

    @Test
    void anAmdPartitionsActivityIsItsOwnWhateverTheCaseOfThePrefix() {
        OutboxSession partition = session("amd-692409005500", 3);

        assertThat(queries.utilization(partition, HOUR).promql())
                .isEqualTo(amd.sessionAverage("amd-692409005500", 3, HOUR));
    }

    private static OutboxSession session(String uuid, Integer partition) {
        return new OutboxSession(1, "fp", START, START.plus(HOUR), "RESOLVED", "GpuInUse", "hub-a", "tw038", "team-a",
                "train-0", "trainer", uuid, 2, "AMD Instinct MI300X OAM", partition, partition == null ? null
                : "cpx/nps4", null, "trace", "span", true, false, 0, null, null, null, null, null, List.of());
    }
}
