package org.aitelemetry.devkit.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The AMD GPUs' past: held and idle by the same schedule as NVIDIA GPUs, energy running on into the live pages. */
class AmdHistoryTest {

    private static final Instant END = Instant.parse("2026-11-25T10:00:00Z");
    private static final Duration STEP = Duration.ofMinutes(5);

    @TempDir
    Path dir;

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(3).amdNodesPerCluster(1).build());
    private final FleetReadings live = new FleetReadings(fleet);
    private final List<Instant> steps = steps(Duration.ofDays(2));
    private final HoldingSchedule schedule = HoldingSchedule.draw(fleet, steps.get(0), END);
    private final HistoryReadings readings = new HistoryReadings(fleet, live, schedule, steps, STEP, END);

    @Test
    void aPartitionsBoardCountsEnergyUpToTheLiveCounterAndItsVramFollowsItsHolder() {
        AmdDevice partition = fleet.amdDevices().stream().filter(AmdDevice::partition).findFirst().orElseThrow();
        AmdDevice board = fleet.amdDevices().stream().filter(amd -> amd.serial().equals(partition.serial()))
                .filter(AmdDevice::physical).findFirst().orElseThrow();
        long previous = -1;
        boolean sawHeld = false;
        for (int i = 0; i < steps.size(); i++) {
            AmdReading reading = readings.amdReading(partition, i);
            Optional<FleetPod> holder = readings.holder(partition.device(), null, steps.get(i));
            sawHeld |= holder.isPresent();
            assertThat(reading.usedVramMiB()).isEqualTo(holder.map(pod ->
                    Math.round(partition.memoryMiB() * pod.usage().memoryShare())).orElse(0L));
            assertThat(reading.activityPercent()).isEqualTo(holder.isEmpty() ? 0 : reading.activityPercent());
            long energy = readings.amdReading(board, i).energyMicrojoules();
            assertThat(energy).as("energy never runs backwards").isGreaterThanOrEqualTo(previous);
            previous = energy;
        }
        assertThat(sawHeld).isTrue();
        long liveAtEnd = fleet.amdBoard(board).stream()
                .mapToLong(part -> live.energyMillijoules(part, fleet.spec().epoch(), END)).sum() * 1000 / 8;
        double mostInAStep = AmdModel.MI300X_OAM.gpu().maxWatts() * STEP.toSeconds() * 1e6;
        assertThat(previous).isLessThanOrEqualTo(liveAtEnd).isGreaterThan((long) (liveAtEnd - mostInAStep));
    }

    @Test
    void amdHoldingsRequestAmdResourcesAndStayOutOfTheDcgmSessions() throws Exception {
        try (FleetSimulator simulator = new FleetSimulator(fleet)) {
            simulator.start();
            FleetHistory history = new FleetHistory(simulator, END.plus(FleetHistory.LOOKBACK), Duration.ofHours(6),
                    STEP);

            assertThat(history.amdHoldings()).isNotEmpty().allSatisfy(holding ->
                    assertThat(holding.pod().resource()).isIn("amd.com/gpu", "amd.com/cpx_nps4"));
            assertThat(history.holdings()).isNotEmpty().allSatisfy(holding ->
                    assertThat(fleet.isAmd(holding.device())).isFalse());

            List<String> lines = new ArrayList<>();
            history.write(dir, file -> lines.addAll(Files.readAllLines(file)));
            assertThat(lines).anyMatch(line -> line.startsWith("gpu_gfx_activity{")
                    && line.contains("job=\"" + FleetSimulator.AMD_JOB + "\""));
            assertThat(lines).anyMatch(line -> line.startsWith("gpu_average_package_power{"))
                    .anyMatch(line -> line.startsWith("kube_pod_container_resource_requests{")
                            && line.contains("resource=\"amd_com_cpx_nps4\""))
                    .anyMatch(line -> line.startsWith("kube_node_labels{")
                            && line.contains("label_amd_com_gpu_product_name=\"Instinct_MI250X\""));
        }
    }

    private static List<Instant> steps(Duration span) {
        List<Instant> steps = new ArrayList<>();
        for (Instant at = END.minus(span); at.isBefore(END); at = at.plus(STEP)) {
            steps.add(at);
        }
        return steps;
    }
}
