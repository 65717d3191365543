package org.aitelemetry.devkit.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FleetReadingsTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(11).allocatedShare(0.8).build());
    private final FleetReadings readings = new FleetReadings(fleet);

    @Test
    void unallocatedGpusIdleAndTheirEnergyIsIdlePowerTimesTime() {
        FleetDefinition idleFleet = FleetDefinition.generate(FleetSpec.builder(11).allocatedShare(0).build());
        FleetReadings idle = new FleetReadings(idleFleet);
        FleetDevice device = idleFleet.devices().get(0);
        Instant epoch = idleFleet.spec().epoch();

        assertThat(idle.utilizationPercent(device, NOW)).isZero();
        assertThat(idle.powerWatts(device, NOW)).isEqualTo(device.node().model().idleWatts());
        assertThat(idle.memoryUsedMiB(device)).isZero();
        assertThat(idle.smClockMHz(device, NOW)).isEqualTo(device.node().model().idleSmClockMHz());
        long tenSeconds = idle.energyMillijoules(device, epoch, NOW.plusSeconds(10)) - idle.energyMillijoules(device, epoch, NOW);
        assertThat(tenSeconds).isCloseTo((long) (device.node().model().idleWatts() * 10 * 1000), within(1L));
    }

    @Test
    void energyIsTheIntegralOfPower() {
        for (FleetDevice device : fleet.devices()) {
            double joules = 0;
            Duration step = Duration.ofMillis(100);
            for (Instant t = NOW; t.isBefore(NOW.plusSeconds(300)); t = t.plus(step)) {
                joules += (readings.powerWatts(device, t) + readings.powerWatts(device, t.plus(step))) / 2 * 0.1;
            }
            long counted = readings.energyMillijoules(device, NOW, NOW.plusSeconds(300));
            assertThat(counted / 1000.0).as(device.uuid()).isCloseTo(joules, within(joules * 1e-4));
        }
    }

    @Test
    void energyOnlyGrowsAndRestartsFromZeroAfterAReset() {
        FleetDevice device = fleet.devices().get(5);
        Instant epoch = fleet.spec().epoch();
        long before = readings.energyMillijoules(device, epoch, NOW);

        assertThat(readings.energyMillijoules(device, epoch, NOW.plusSeconds(1))).isGreaterThan(before);
        assertThat(readings.energyMillijoules(device, NOW, NOW)).isZero();
        assertThat(readings.energyMillijoules(device, NOW, NOW.plusSeconds(1))).isBetween(
                (long) (device.node().model().idleWatts() * 1000), (long) (device.node().model().maxWatts() * 1000));
    }

    @Test
    void migGpuUtilizationIsItsInstancesWeightedByComputeShare() {
        FleetDevice mig = fleet.devices().stream().filter(FleetDevice::mig).findFirst().orElseThrow();
        double weighted = mig.slices().stream()
                .mapToDouble(slice -> slice.profile().computeSlices() / 7.0 * readings.utilizationPercent(slice, NOW))
                .sum();

        assertThat(readings.utilizationPercent(mig, NOW)).isCloseTo(weighted, within(1e-9));
        assertThat(readings.memoryUsedMiB(mig)).isEqualTo(mig.slices().stream().mapToLong(readings::memoryUsedMiB).sum());
    }

    @Test
    void readingsStayWithinWhatTheHardwareCanDo() {
        for (int minute = 0; minute < 10; minute++) {
            Instant at = NOW.plusSeconds(60L * minute);
            for (FleetDevice device : fleet.devices()) {
                GpuModel model = device.node().model();
                assertThat(readings.utilizationPercent(device, at)).isBetween(0.0, 100.0);
                assertThat(readings.powerWatts(device, at)).isBetween(model.idleWatts(), model.maxWatts());
                assertThat(readings.gpuTemperatureCelsius(device, at)).isBetween(25, 85);
                assertThat(readings.memoryUsedMiB(device)).isBetween(0L, model.memoryMiB());
            }
        }
        assertThat(fleet.pods()).extracting(FleetPod::usage).contains(UsageProfile.BUSY, UsageProfile.BURSTY);
    }
}
