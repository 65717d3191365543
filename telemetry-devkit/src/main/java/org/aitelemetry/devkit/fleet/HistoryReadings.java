package org.aitelemetry.devkit.fleet;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The readings of the simulated past, by the live simulator's physics ({@link FleetReadings}): utilization follows the
 * profile of whoever held the GPU or instance at the time (idle when nobody did), power, temperatures and clocks follow
 * utilization, on AMD GPUs as on NVIDIA ones. Energy counters are summed step by step and anchored so that the last
 * step meets the live counter where the past ends: the counter never runs backwards into the live pages.
 *
 * <p>One GPU is degraded for the last three days, the one held longest then, so that it shows: it runs 22 °C hot, its
 * clock throttles to 72 % under load, and it reports XID 48 (double-bit ECC error) three times, as a GPU on its way out
 * of the fleet would.
 */
final class HistoryReadings {

    static final int DEGRADED_EXTRA_CELSIUS = 22;
    static final double DEGRADED_CLOCK_SHARE = 0.72;
    static final long DEGRADED_XID = 48;
    private static final Duration DEGRADED_FOR = Duration.ofDays(3);
    private static final List<Duration> XID_AFTER = List.of(Duration.ofHours(6), Duration.ofHours(30),
            Duration.ofHours(50));

    private final FleetDefinition fleet;
    private final FleetReadings live;
    private final HoldingSchedule schedule;
    private final List<Instant> steps;
    private final Duration step;
    private final FleetDevice degraded;
    private final Instant degradedFrom;
    private final Map<FleetDevice, long[]> energy = new HashMap<>();

    HistoryReadings(FleetDefinition fleet, FleetReadings live, HoldingSchedule schedule, List<Instant> steps,
            Duration step, Instant end) {
        this.fleet = fleet;
        this.live = live;
        this.schedule = schedule;
        this.steps = List.copyOf(steps);
        this.step = step;
        this.degradedFrom = end.minus(DEGRADED_FOR);
        this.degraded = fleet.devices().stream().filter(device -> !device.mig() && !device.blank())
                .max(Comparator.comparing(device -> heldSince(device, degradedFrom, end))).orElse(null);
        fleet.devices().forEach(device -> energy.put(device, energy(device, end)));
        fleet.amdDevices().forEach(amd -> energy.put(amd.device(), energy(amd.device(), end)));
    }

    /** The GPU that degrades in the past, if the fleet has a whole GPU with readings. */
    Optional<FleetDevice> degraded() {
        return Optional.ofNullable(degraded);
    }

    /** The series of a GPU ({@code slice} null) or MIG instance at the {@code index}-th step. */
    GpuReading reading(FleetDevice device, MigSlice slice, int index) {
        Instant at = steps.get(index);
        double deviceUtilization = utilization(device, at);
        GpuModel model = device.node().model();
        double power = FleetReadings.powerWatts(model, deviceUtilization);
        boolean sick = device.equals(degraded) && !at.isBefore(degradedFrom);
        int temperature = FleetReadings.gpuTemperatureCelsius(power) + (sick ? DEGRADED_EXTRA_CELSIUS : 0);
        int clock = FleetReadings.smClockMHz(model, deviceUtilization);
        if (sick && deviceUtilization >= 1) {
            clock = (int) Math.round(clock * DEGRADED_CLOCK_SHARE);
        }
        long utilization = device.mig() ? 0
                : device.blank() ? FleetReadings.INT32_BLANK : Math.round(deviceUtilization);
        double own = slice == null ? deviceUtilization : utilization(holder(device, slice, at), slice, at);
        return new GpuReading(clock,
                device.blank() ? FleetReadings.INT64_NOT_SUPPORTED : temperature + FleetReadings.HBM_ABOVE_DIE_CELSIUS,
                temperature, power, energy.get(device)[index], utilization, sick ? xid(at) : 0,
                memoryUsedMiB(device, slice, at), DcgmExposition.memoryTotalMiB(device, slice), own / 100);
    }

    /**
     * The AMD exporter's series of a GPU or partition at the {@code index}-th step; its board's activity and energy
     * are its partitions' mean, as on the live page.
     */
    AmdReading amdReading(AmdDevice amd, int index) {
        Instant at = steps.get(index);
        List<FleetDevice> board = fleet.amdBoard(amd);
        double boardActivity = board.stream().mapToDouble(part -> utilization(part, at)).sum() / board.size();
        long energyMillijoules = board.stream().mapToLong(part -> energy.get(part)[index]).sum();
        long used = holder(amd.device(), null, at).map(pod -> Math.round(amd.memoryMiB() * pod.usage().memoryShare()))
                .orElse(0L);
        return AmdReading.of(amd, utilization(amd.device(), at), boardActivity, used,
                energyMillijoules * 1000 / board.size());
    }

    private Duration heldSince(FleetDevice device, Instant from, Instant to) {
        return schedule.all().stream().filter(holding -> holding.device().equals(device))
                .map(holding -> Duration.between(holding.from().isAfter(from) ? holding.from() : from,
                        holding.to().isBefore(to) ? holding.to() : to))
                .filter(held -> !held.isNegative()).reduce(Duration.ZERO, Duration::plus);
    }

    Optional<FleetPod> holder(FleetDevice device, MigSlice slice, Instant at) {
        return schedule.at(device, slice, at).map(PastHolding::pod);
    }

    private double utilization(FleetDevice device, Instant at) {
        if (!device.mig()) {
            return utilization(holder(device, null, at), device.uuid(), 0, at);
        }
        return device.slices().stream().mapToDouble(slice ->
                FleetReadings.weight(slice) * utilization(holder(device, slice, at), slice, at)).sum();
    }

    private double utilization(Optional<FleetPod> holder, MigSlice slice, Instant at) {
        return utilization(holder, slice.deviceUuid(), slice.gpuInstanceId(), at);
    }

    private double utilization(Optional<FleetPod> holder, String uuid, int gpuInstanceId, Instant at) {
        return holder.map(pod -> pod.usage().utilization(live.phase(uuid, gpuInstanceId)).valueAt(live.seconds(at)))
                .orElse(0.0);
    }

    private long memoryUsedMiB(FleetDevice device, MigSlice slice, Instant at) {
        if (slice == null && device.mig()) {
            return device.slices().stream().mapToLong(s -> memoryUsedMiB(device, s, at)).sum();
        }
        return holder(device, slice, at).map(pod ->
                Math.round(DcgmExposition.memoryTotalMiB(device, slice) * pod.usage().memoryShare())).orElse(0L);
    }

    private long xid(Instant at) {
        for (Duration after : XID_AFTER) {
            Instant error = degradedFrom.plus(after);
            if (!at.isBefore(error) && at.isBefore(error.plus(step))) {
                return DEGRADED_XID;
            }
        }
        return 0;
    }

    /** The counter at every step: the live counter where the past ends, less the energy drawn since each step. */
    private long[] energy(FleetDevice device, Instant end) {
        long[] counter = new long[steps.size()];
        double joules = live.energyMillijoules(device, fleet.spec().epoch(), end) / 1000.0;
        for (int i = steps.size() - 1; i >= 0; i--) {
            Instant next = i + 1 < steps.size() ? steps.get(i + 1) : end;
            double seconds = Duration.between(steps.get(i), next).toMillis() / 1000.0;
            joules -= FleetReadings.powerWatts(device.node().model(), utilization(device, steps.get(i))) * seconds;
            counter[i] = (long) Math.floor(Math.max(0, joules) * 1000);
        }
        return counter;
    }
}
