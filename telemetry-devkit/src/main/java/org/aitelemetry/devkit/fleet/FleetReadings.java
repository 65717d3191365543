package org.aitelemetry.devkit.fleet;

import java.time.Instant;

/**
 * Every reading the simulator serves, as a pure function of the fleet (seed, allocations), the entity and the time, so
 * a test can compute what Prometheus must hold. Time counts in milliseconds from the spec's epoch.
 *
 * <p>Utilization follows the {@link UsageProfile} of the pod holding the GPU or slice (idle when none does); a MIG GPU's
 * utilization is its instances' weighted by compute share. Power is linear in utilization between the model's idle and
 * maximum, temperatures and SM clock follow power and load, and the energy counter is the exact integral of power.
 */
public final class FleetReadings {

    /** {@code DCGM_INT32_BLANK}: what a blank {@code DCGM_FI_DEV_GPU_UTIL} carries. */
    public static final long INT32_BLANK = 0x7ffffff0L;
    /** {@code DCGM_INT64_NOT_SUPPORTED}: what a blank {@code DCGM_FI_DEV_MEMORY_TEMP} carries. */
    public static final long INT64_NOT_SUPPORTED = 0x7ffffffffffffff2L;

    private static final int MIG_COMPUTE_SLICES = 7;
    static final int HBM_ABOVE_DIE_CELSIUS = 5;

    private final FleetDefinition fleet;
    private final long epochMillis;

    public FleetReadings(FleetDefinition fleet) {
        this.fleet = fleet;
        this.epochMillis = fleet.spec().epoch().toEpochMilli();
    }

    public UsageProfile usage(FleetDevice device) {
        return fleet.podUsing(device).map(FleetPod::usage).orElse(UsageProfile.IDLE);
    }

    public UsageProfile usage(MigSlice slice) {
        return fleet.podUsing(slice).map(FleetPod::usage).orElse(UsageProfile.IDLE);
    }

    /** Percent; for a MIG GPU the compute-weighted utilization of its instances (dcgm-exporter does not report it). */
    public double utilizationPercent(FleetDevice device, Instant at) {
        double t = seconds(at);
        if (!device.mig()) {
            return waveform(device).valueAt(t);
        }
        return device.slices().stream().mapToDouble(slice -> weight(slice) * waveform(slice).valueAt(t)).sum();
    }

    public double utilizationPercent(MigSlice slice, Instant at) {
        return waveform(slice).valueAt(seconds(at));
    }

    public double powerWatts(FleetDevice device, Instant at) {
        return powerWatts(device.node().model(), utilizationPercent(device, at));
    }

    /** Power is linear in utilization between the model's idle and maximum draw. */
    static double powerWatts(GpuModel model, double utilizationPercent) {
        return model.idleWatts() + (model.maxWatts() - model.idleWatts()) * utilizationPercent / 100;
    }

    /** Energy drawn between {@code since} (the epoch, or the last counter reset) and {@code at}, in millijoules. */
    public long energyMillijoules(FleetDevice device, Instant since, Instant at) {
        double from = seconds(since);
        double to = seconds(at);
        if (to <= from) {
            return 0;
        }
        GpuModel model = device.node().model();
        double utilizationIntegral = device.mig()
                ? device.slices().stream().mapToDouble(slice -> weight(slice) * waveform(slice).integral(from, to)).sum()
                : waveform(device).integral(from, to);
        double joules = model.idleWatts() * (to - from) + (model.maxWatts() - model.idleWatts()) * utilizationIntegral / 100;
        return (long) Math.floor(joules * 1000);
    }

    public int gpuTemperatureCelsius(FleetDevice device, Instant at) {
        return gpuTemperatureCelsius(powerWatts(device, at));
    }

    static int gpuTemperatureCelsius(double powerWatts) {
        return (int) Math.round(27 + 0.065 * powerWatts);
    }

    /** HBM runs a few degrees hotter than the GPU die. */
    public int memoryTemperatureCelsius(FleetDevice device, Instant at) {
        return gpuTemperatureCelsius(device, at) + HBM_ABOVE_DIE_CELSIUS;
    }

    /** The model's maximum SM clock under load, its idle clock below 1 % utilization. */
    public int smClockMHz(FleetDevice device, Instant at) {
        return smClockMHz(device.node().model(), utilizationPercent(device, at));
    }

    static int smClockMHz(GpuModel model, double utilizationPercent) {
        return utilizationPercent < 1 ? model.idleSmClockMHz() : model.maxSmClockMHz();
    }

    /** Framebuffer in use: the profile's share while a pod holds the GPU, nothing otherwise. Constant over time. */
    public long memoryUsedMiB(FleetDevice device) {
        if (device.mig()) {
            return device.slices().stream().mapToLong(this::memoryUsedMiB).sum();
        }
        long total = device.node().model().memoryMiB();
        return fleet.podUsing(device).isPresent() ? Math.round(total * usage(device).memoryShare()) : 0;
    }

    public long memoryUsedMiB(MigSlice slice) {
        return fleet.podUsing(slice).isPresent() ? Math.round(slice.profile().memoryMiB() * usage(slice).memoryShare()) : 0;
    }

    private Waveform waveform(FleetDevice device) {
        return usage(device).utilization(phase(device.uuid(), 0));
    }

    private Waveform waveform(MigSlice slice) {
        return usage(slice).utilization(phase(slice.deviceUuid(), slice.gpuInstanceId()));
    }

    static double weight(MigSlice slice) {
        return (double) slice.profile().computeSlices() / MIG_COMPUTE_SLICES;
    }

    /** A phase in [0, 2π) fixed by the seed and the entity, so GPUs do not move in lockstep. */
    double phase(String uuid, int gpuInstanceId) {
        long mixed = fleet.spec().seed() * 0x9E3779B97F4A7C15L + uuid.hashCode() * 31L + gpuInstanceId;
        mixed = (mixed ^ (mixed >>> 33)) * 0xFF51AFD7ED558CCDL;
        mixed ^= mixed >>> 33;
        return (mixed >>> 11) * 0x1.0p-53 * 2 * Math.PI;
    }

    double seconds(Instant at) {
        return (at.toEpochMilli() - epochMillis) / 1000.0;
    }
}
