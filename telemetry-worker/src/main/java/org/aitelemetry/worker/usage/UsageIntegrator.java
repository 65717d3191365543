package org.aitelemetry.worker.usage;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Integrates a timeline over one clock hour. Each evaluation point stands for the step that starts there, and the
 * hour's points are {@code hour, hour + step, …, hour + 1h − step}. A point holds what Prometheus evaluates there:
 * the latest sample within its look-back, until a staleness marker ends the series; so for samples on the step grid,
 * and for values held between sparser samples (ACM forwards one per five minutes), value × step is the exact
 * integral.
 *
 * <ul>
 *   <li>allocated = Σ step × share over points with a holder;</li>
 *   <li>used = Σ step × share × busy over the same points;</li>
 *   <li>idle = Σ step × share over allocated points inside idle stretches ({@link IdleDetector});</li>
 *   <li>energy = Σ of the joules of the steps starting in the hour, whoever held it.</li>
 * </ul>
 * Pods sharing an entity at a point split that point's allocation, use, idleness and energy equally.
 */
final class UsageIntegrator {

    private final Duration step;

    UsageIntegrator(Duration step) {
        this.step = step;
    }

    EntityUsage integrate(Timeline timeline, HourWindow hour, Set<Instant> idlePoints) {
        double seconds = step.toMillis() / 1000.0 * timeline.gpuShare();
        Usage held = Usage.ZERO;
        Map<String, Usage> byNamespace = new TreeMap<>();
        for (Map.Entry<Instant, Reading> point : hour.within(timeline.readings()).entrySet()) {
            Reading reading = point.getValue();
            if (reading.allocated()) {
                Usage usage = new Usage(seconds, seconds * reading.busy(),
                        idlePoints.contains(point.getKey()) ? seconds : 0,
                        timeline.energy().getOrDefault(point.getKey(), 0.0));
                held = held.plus(usage);
                share(usage, reading.holders(), byNamespace);
            }
        }
        double energy = hour.within(timeline.energy()).values().stream().mapToDouble(Double::doubleValue).sum();
        boolean observed = !hour.within(timeline.readings()).isEmpty() || !hour.within(timeline.energy()).isEmpty();
        return new EntityUsage(observed, new Usage(held.allocatedGpuSeconds(), held.usedGpuSeconds(),
                held.idleGpuSeconds(), energy), byNamespace);
    }

    private static void share(Usage usage, List<String> holders, Map<String, Usage> byNamespace) {
        Usage part = usage.times(1.0 / holders.size());
        holders.forEach(namespace -> byNamespace.merge(namespace, part, Usage::plus));
    }
}
