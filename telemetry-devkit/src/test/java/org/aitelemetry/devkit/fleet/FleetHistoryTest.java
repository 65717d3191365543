package org.aitelemetry.devkit.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The simulated past's schedule and readings, without Prometheus (PrometheusBackfilledHistoryTest serves them). */
class FleetHistoryTest {

    private static final Instant END = Instant.parse("2026-11-25T10:00:00Z");
    private static final Duration SPAN = Duration.ofDays(7);
    private static final Duration STEP = Duration.ofMinutes(5);

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(3).nodesPerCluster(4).build());
    private final FleetReadings live = new FleetReadings(fleet);
    private final List<Instant> steps = steps();
    private final HoldingSchedule schedule = HoldingSchedule.draw(fleet, steps.get(0), END);
    private final HistoryReadings readings = new HistoryReadings(fleet, live, schedule, steps, STEP, END);

    @Test
    void aGpuOrInstanceHasOneHolderAtATimeAndEveryHoldingHasEndedWhenThePastEnds() {
        Map<String, List<PastHolding>> byEntity = schedule.all().stream().collect(Collectors.groupingBy(holding ->
                FleetState.key(holding.device(), holding.slice().orElse(null))));
        assertThat(byEntity).as("every GPU and instance was held at some time").hasSize(
                (int) fleet.devices().stream().mapToLong(device -> device.mig() ? device.slices().size() : 1).sum());
        for (List<PastHolding> holdings : byEntity.values()) {
            for (int i = 0; i < holdings.size(); i++) {
                PastHolding holding = holdings.get(i);
                assertThat(Duration.between(holding.from(), holding.to())).isGreaterThanOrEqualTo(Duration.ofMinutes(20));
                assertThat(holding.to()).isBeforeOrEqualTo(END);
                assertThat(fleet.projects(holding.device().cluster())).contains(holding.pod().project());
                if (i > 0) {
                    assertThat(holding.from()).as("after the previous holding").isAfterOrEqualTo(holdings.get(i - 1).to());
                }
            }
        }
    }

    @Test
    void mostJobsStartInWorkingHoursSoDaysRiseAndNightsFall() {
        List<PastHolding> inThePast = schedule.all().stream().filter(h -> h.from().isAfter(steps.get(0))).toList();
        long byDay = inThePast.stream().filter(holding -> workingHours(holding.from())).count();

        assertThat(inThePast).hasSizeGreaterThan(200);
        // Weekdays 07:00–20:00 are 39 % of the week.
        assertThat((double) byDay / inThePast.size()).isGreaterThan(0.6);
        assertThat(inThePast).as("every kind of job").extracting(h -> h.pod().name().replaceAll("-.*", ""))
                .contains("train", "finetune", "notebook", "eval");
        assertThat(inThePast).as("notebooks holding a GPU idle, the waste a report should show")
                .anyMatch(h -> h.pod().usage() == UsageProfile.IDLE);
    }

    @Test
    void anUnheldGpuIdlesAndAHeldOneFollowsItsPodsProfile() {
        FleetDevice device = fleet.devices().stream().filter(d -> !d.mig() && !d.blank()).findFirst().orElseThrow();
        GpuModel model = device.node().model();
        boolean sawIdle = false;
        boolean sawBusy = false;
        for (int i = 0; i < steps.size(); i++) {
            Optional<FleetPod> holder = readings.holder(device, null, steps.get(i));
            GpuReading reading = readings.reading(device, null, i);
            if (holder.isEmpty()) {
                sawIdle = true;
                assertThat(reading.utilization()).isZero();
                assertThat(reading.memoryUsedMiB()).isZero();
                assertThat(reading.powerWatts()).isEqualTo(model.idleWatts());
            } else if (holder.get().usage() == UsageProfile.BUSY) {
                sawBusy = true;
                assertThat(reading.utilization()).isBetween(80L, 96L);
                assertThat(reading.memoryUsedMiB()).isEqualTo(Math.round(model.memoryMiB() * 0.85));
            }
        }
        assertThat(sawIdle).isTrue();
        assertThat(sawBusy).isTrue();
    }

    @Test
    void energyCountersRiseByThePowerDrawnAndRunOnIntoTheLiveCounter() {
        for (FleetDevice device : fleet.devices()) {
            List<Long> counter = new ArrayList<>();
            for (int i = 0; i < steps.size(); i++) {
                counter.add(readings.reading(device, device.mig() ? device.slices().get(0) : null, i)
                        .energyMillijoules());
            }
            for (int i = 0; i + 1 < steps.size(); i++) {
                double drawn = readings.reading(device, null, i).powerWatts() * STEP.toSeconds() * 1000;
                assertThat((double) counter.get(i + 1) - counter.get(i)).as("%s at step %d", device.uuid(), i)
                        .isCloseTo(drawn, within(2.0));
            }
            long liveAtEnd = live.energyMillijoules(device, fleet.spec().epoch(), END);
            double lastStep = readings.reading(device, null, steps.size() - 1).powerWatts()
                    * Duration.between(steps.get(steps.size() - 1), END).toMillis();
            assertThat((double) liveAtEnd - counter.get(steps.size() - 1)).isCloseTo(lastStep, within(2.0));
        }
    }

    @Test
    void theDegradedGpuRunsHotThrottlesAndReportsXid48ThreeTimesInItsLastThreeDays() {
        FleetDevice sick = readings.degraded().orElseThrow();
        Instant since = END.minus(Duration.ofDays(3));
        int xids = 0;
        boolean throttled = false;
        for (int i = 0; i < steps.size(); i++) {
            GpuReading reading = readings.reading(sick, null, i);
            int healthy = FleetReadings.gpuTemperatureCelsius(reading.powerWatts());
            boolean degraded = !steps.get(i).isBefore(since);
            assertThat(reading.gpuTemperature()).isEqualTo(healthy + (degraded ? HistoryReadings.DEGRADED_EXTRA_CELSIUS : 0));
            if (reading.lastXid() != 0) {
                assertThat(degraded).isTrue();
                assertThat(reading.lastXid()).isEqualTo(HistoryReadings.DEGRADED_XID);
                xids++;
            }
            throttled |= degraded && reading.utilization() >= 1
                    && reading.smClockMHz() < sick.node().model().maxSmClockMHz();
        }
        assertThat(xids).isEqualTo(3);
        assertThat(throttled).as("throttled under load").isTrue();
        assertThat(fleet.devices()).filteredOn(device -> !device.equals(sick)).allSatisfy(device ->
                assertThat(readings.reading(device, device.mig() ? device.slices().get(0) : null, steps.size() - 1)
                        .lastXid()).isZero());
    }

    /** Hourly rollups of the past see the VMs holding their GPUs: their requests and instances are at every step. */
    @Test
    void vmsHoldTheirGpusAtEveryStepOfThePastUnderTheLaunchersTheLivePagesCarryOn(@TempDir Path dir) throws Exception {
        FleetDefinition withVms = FleetDefinition.generate(FleetSpec.builder(3).vmNodesPerCluster(1).build());
        List<String> lines = new ArrayList<>();
        try (FleetSimulator simulator = new FleetSimulator(withVms)) {
            simulator.start();
            new FleetHistory(simulator, END.plus(FleetHistory.LOOKBACK), Duration.ofHours(2), STEP)
                    .write(dir, file -> lines.addAll(Files.readAllLines(file)));
        }
        int steps = 24;
        assertThat(withVms.virtualMachines()).hasSize(4);
        for (FleetVm vm : withVms.virtualMachines()) {
            assertThat(lines).filteredOn(line -> line.startsWith("kube_pod_container_resource_requests{")
                    && line.contains("pod=\"" + vm.launcherPod() + "\"")).hasSize(steps).allSatisfy(line ->
                    assertThat(line).contains("cluster=\"" + vm.cluster() + "\"", "job=\"kube-state-metrics\"",
                            "namespace=\"" + vm.namespace() + "\"", "resource=\"" + vm.resourceLabel() + "\"")
                            .matches(".*} " + vm.gpus() + " \\d+"));
            assertThat(lines).filteredOn(line -> line.startsWith("kubevirt_vmi_info{")
                    && line.contains("vmi_pod=\"" + vm.launcherPod() + "\"")).hasSize(steps).allSatisfy(line ->
                    assertThat(line).contains("job=\"kubevirt-prometheus-metrics\"", "name=\"" + vm.name() + "\""));
        }
        assertThat(lines).filteredOn(line -> line.startsWith("kube_node_status_capacity{")
                && line.contains("resource=\"nvidia_com_GH100_H100_SXM5_80GB\"")).hasSize(steps * 2);
    }

    private static boolean workingHours(Instant at) {
        ZonedDateTime time = at.atZone(ZoneOffset.UTC);
        return time.getDayOfWeek().getValue() <= DayOfWeek.FRIDAY.getValue() && time.getHour() >= 7
                && time.getHour() < 20;
    }

    private static List<Instant> steps() {
        List<Instant> steps = new ArrayList<>();
        for (Instant at = END.minus(SPAN); at.isBefore(END); at = at.plus(STEP)) {
            steps.add(at);
        }
        return steps;
    }
}
