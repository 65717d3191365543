package org.aitelemetry.worker.usage;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import org.aitelemetry.devkit.fleet.FleetSimulator;

/**
 * A day of dcgm-exporter data, minute by minute, from generating functions the test also computes its expectations
 * from. The state at minute {@code m} holds from {@code m} to {@code m + 1}; samples run from 00:00 to 24:00 inclusive.
 * <ul>
 *   <li>GPU A (H100): training for {@code vision}, busy all day, then a namespace with no project from 23:00; one
 *       blank reading.</li>
 *   <li>GPU B (H100, federated labels): a notebook of {@code nlp} until 12:00, idle for 130, 40 and 30 minutes and
 *       quiet for a mere 20; unallocated afterwards (its series then name only the exporter pod).</li>
 *   <li>GPU C (A100): bursty, 3 minutes on, 7 off; {@code vision} until 18:00, then {@code nlp}; the energy counter
 *       restarts at 09:29.</li>
 *   <li>GPU D (A100, MIG): slice 3g.40gb for {@code nlp} all day; slice 1g.10gb for {@code vision} from 06:00 to 20:00,
 *       idle from 08:00 to 09:20.</li>
 *   <li>GPU E: not in the database, so left out.</li>
 *   <li>GPUs F, G and H: AMD's, from device-metrics-exporter ({@link SimulatedAmdDay}).</li>
 *   <li>VM {@code rhel-gpu} of {@code nlp}: two H100s passed through from 03:00 to 15:00, its launcher pod replaced
 *       at 09:00 (kube-state-metrics' requests; no DCGM series); a VM of {@code vision} not in the database (left out)
 *       and a launcher pod never scheduled (no node: it holds nothing).</li>
 * </ul>
 */
final class SimulatedDay {

    static final Instant START = Instant.parse("2026-03-02T00:00:00Z");
    static final int MINUTES = 24 * 60;
    static final Duration MINUTE = Duration.ofMinutes(1);
    static final String H100 = "NVIDIA H100 80GB HBM3";
    static final String A100 = "NVIDIA A100-SXM4-80GB";
    static final int BLANK_MINUTE = 100;
    private static final long INT32_BLANK = 0x7ffffff0L;
    private static final int RESTART_MINUTE = 569;

    /** A whole GPU or one MIG slice: who holds it, how busy it is, which minutes are idle by construction. */
    record Unit(String name, Integer gpuInstanceId, String profile, double share, IntFunction<String> holder,
            IntToDoubleFunction busy, IntPredicate idle, IntPredicate blank) {
    }

    /**
     * A GPU: its units (itself, or its slices), its label spelling, and the millijoules it consumes in each minute
     * on a counter that starts at {@code initialCounter} and restarts from zero at the start of {@code restartMinute};
     * {@code amd} is null for dcgm-exporter's GPUs.
     */
    record Gpu(String name, String uuid, String model, boolean federated, boolean known, List<Unit> units,
            IntToLongFunction millijoules, long initialCounter, int restartMinute, SimulatedAmdDay.Board amd) {

        /** Sliced: MIG instances, or AMD compute partitions. */
        boolean mig() {
            return units.get(0).gpuInstanceId() != null;
        }

        boolean dcgm(boolean sliced) {
            return amd == null && mig() == sliced;
        }

        /** The energy counter at each sample, 0 to MINUTES. */
        long[] counter() {
            long[] counter = new long[MINUTES + 1];
            counter[0] = initialCounter;
            for (int m = 1; m <= MINUTES; m++) {
                counter[m] = (m - 1 == restartMinute ? 0 : counter[m - 1]) + millijoules.applyAsLong(m - 1);
            }
            return counter;
        }
    }

    /** A VM's launcher pod requesting {@code gpus} passthrough H100s from minute {@code from} to {@code to}. */
    record LauncherPod(String vm, String namespace, String pod, String node, int gpus, int from, int to,
            boolean known) {
    }

    static final String PASSTHROUGH_H100 = "nvidia_com_GH100_H100_SXM5_80GB";
    static final List<LauncherPod> LAUNCHER_PODS = List.of(
            new LauncherPod("rhel-gpu", "nlp", "virt-launcher-rhel-gpu-x7k2d", "vm-node-1", 2, 180, 540, true),
            new LauncherPod("rhel-gpu", "nlp", "virt-launcher-rhel-gpu-bcdfg", "vm-node-1", 2, 540, 900, true),
            new LauncherPod("unsynced", "vision", "virt-launcher-unsynced-qrstv", "vm-node-1", 1, 0, MINUTES, false),
            new LauncherPod("pending", "vision", "virt-launcher-pending-hjklm", null, 4, 0, MINUTES, false));

    private static final IntToDoubleFunction A_UTIL = m -> 85 + m % 11;
    private static final IntToDoubleFunction B_UTIL = m -> within(m, 120, 250) ? m % 3 : within(m, 360, 380) ? 3
            : within(m, 600, 640) ? 1 : within(m, 690, 720) ? 2 : m >= 720 ? 0 : 40 + 5 * (m % 7);
    private static final IntToDoubleFunction C_BUSY = m -> m % 10 < 3 ? 0.9 : 0.0;
    private static final Unit D_3G = new Unit("D/1", 1, "3g.40gb", 3.0 / 7, m -> "nlp", m -> 0.25 + 0.05 * (m % 10),
            m -> false, m -> false);
    private static final IntFunction<String> D_1G_HOLDER = m -> within(m, 360, 1200) ? "vision" : null;
    private static final Unit D_1G = new Unit("D/13", 13, "1g.10gb", 1.0 / 7, D_1G_HOLDER,
            m -> within(m, 480, 560) ? 0.01 : D_1G_HOLDER.apply(m) != null ? 0.5 + 0.04 * (m % 5) : 0.0,
            m -> within(m, 480, 560), m -> false);

    static final Gpu A = new Gpu("A", "GPU-0a0a0a0a-0000-4000-8000-00000000000a", H100, false, true,
            List.of(new Unit("A", null, null, 1, m -> m < 1380 ? "vision" : "scratch",
                    m -> A_UTIL.applyAsDouble(m) / 100, m -> false, m -> m == BLANK_MINUTE)),
            m -> Math.round((300 + 4 * A_UTIL.applyAsDouble(m)) * 60_000), 7_000_000_000L, -1, null);
    static final Gpu B = new Gpu("B", "GPU-0b0b0b0b-0000-4000-8000-00000000000b", H100, true, true,
            List.of(new Unit("B", null, null, 1, m -> m < 720 ? "nlp" : null, m -> B_UTIL.applyAsDouble(m) / 100,
                    m -> within(m, 120, 250) || within(m, 600, 640) || within(m, 690, 720), m -> false)),
            m -> Math.round((80 + 5 * B_UTIL.applyAsDouble(m)) * 60_000), 3_000_000_000L, -1, null);
    static final Gpu C = new Gpu("C", "GPU-0c0c0c0c-0000-4000-8000-00000000000c", A100, false, true,
            List.of(new Unit("C", null, null, 1, m -> m < 1080 ? "vision" : "nlp", C_BUSY, m -> false, m -> false)),
            m -> Math.round((60 + 300 * C_BUSY.applyAsDouble(m)) * 60_000), 9_000_000_000L, RESTART_MINUTE, null);
    static final Gpu D = new Gpu("D", "GPU-0d0d0d0d-0000-4000-8000-00000000000d", A100, false, true,
            List.of(D_3G, D_1G),
            m -> Math.round((50 + 100 * (D_3G.busy().applyAsDouble(m) + D_1G.busy().applyAsDouble(m))) * 60_000),
            1_000_000_000L, -1, null);
    static final Gpu E = new Gpu("E", "GPU-0e0e0e0e-0000-4000-8000-00000000000e", H100, false, false,
            List.of(new Unit("E", null, null, 1, m -> "vision", m -> 0.5, m -> false, m -> false)),
            m -> 100 * 60_000L, 0, -1, null);
    static final List<Gpu> GPUS = List.of(A, B, C, D, E, SimulatedAmdDay.F, SimulatedAmdDay.G, SimulatedAmdDay.H);

    private SimulatedDay() {
    }

    static Instant at(int minute) {
        return START.plus(MINUTE.multipliedBy(minute));
    }

    /** The day as an OpenMetrics file for {@code promtool tsdb create-blocks-from openmetrics}. */
    static String openMetrics() {
        return openMetrics(1);
    }

    /**
     * The day over and over, {@code days} times from {@link #START}: each day's samples are the first's, the energy
     * counters running on from one day into the next (restarting where the first day's do).
     */
    static String openMetrics(int days) {
        StringBuilder text = new StringBuilder();
        family(text, "DCGM_FI_DEV_GPU_UTIL", days, gpu -> gpu.dcgm(false) ? gpu.units() : List.of(),
                (gpu, unit, d, m) -> unit.blank().test(m) ? Long.toString(INT32_BLANK)
                        : Long.toString(Math.round(unit.busy().applyAsDouble(m) * 100)));
        family(text, "DCGM_FI_PROF_GR_ENGINE_ACTIVE", days, gpu -> gpu.dcgm(true) ? gpu.units() : List.of(),
                (gpu, unit, d, m) -> Double.toString(unit.busy().applyAsDouble(m)));
        Map<Gpu, long[]> counters = new HashMap<>();
        EnergyCounter energy = (gpu, d, m) -> counter(counters.computeIfAbsent(gpu, Gpu::counter), gpu, d, m);
        family(text, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", days, gpu -> gpu.amd() == null ? gpu.units() : List.of(),
                (gpu, unit, d, m) -> Long.toString(energy.millijoules(gpu, d, m)));
        SimulatedAmdDay.families(text, days, energy);
        launcherPods(text, days);
        return text.append("# EOF\n").toString();
    }

    /** kube-state-metrics' requests of the launcher pods, each day alike; an unscheduled pod has no node label. */
    private static void launcherPods(StringBuilder text, int days) {
        String name = "kube_pod_container_resource_requests";
        text.append("# TYPE ").append(name).append(" gauge\n");
        for (LauncherPod pod : LAUNCHER_PODS) {
            String labels = "job=\"" + FleetSimulator.KUBE_JOB + "\",namespace=\"" + pod.namespace() + "\",pod=\""
                    + pod.pod() + "\",container=\"compute\""
                    + (pod.node() == null ? "" : ",node=\"" + pod.node() + "\"")
                    + ",resource=\"" + PASSTHROUGH_H100 + "\",unit=\"integer\"";
            for (int d = 0; d < days; d++) {
                for (int m = pod.from(); m < pod.to() || m == MINUTES && pod.to() == MINUTES && d == days - 1; m++) {
                    text.append(name).append('{').append(labels).append("} ").append(pod.gpus()).append(' ')
                            .append(at(d * MINUTES + m).getEpochSecond()).append('\n');
                }
            }
        }
    }

    /** Day {@code d}'s counter at minute {@code m}: the first day's, raised by what the days before added. */
    private static long counter(long[] firstDay, Gpu gpu, int d, int m) {
        if (d == 0 || m > gpu.restartMinute() && gpu.restartMinute() >= 0) {
            return firstDay[m];
        }
        return counter(firstDay, gpu, d - 1, MINUTES) + firstDay[m] - firstDay[0];
    }

    interface Value {
        String at(Gpu gpu, Unit unit, int day, int minute);
    }

    /** A GPU's energy counter (mJ) on day {@code day} at minute {@code minute}. */
    interface EnergyCounter {
        long millijoules(Gpu gpu, int day, int minute);
    }

    /**
     * One family's samples, series by series, of the units {@code units} picks of each GPU. A day's last sample
     * (minute {@value #MINUTES}) is the next day's first, so only the last day writes it.
     */
    static void family(StringBuilder text, String name, int days, Function<Gpu, List<Unit>> units, Value value) {
        Map<String, List<String>> series = new LinkedHashMap<>();
        for (Gpu gpu : GPUS) {
            for (Unit unit : units.apply(gpu)) {
                for (int d = 0; d < days; d++) {
                    for (int m = 0; m < MINUTES || m == MINUTES && d == days - 1; m++) {
                        series.computeIfAbsent(labels(gpu, unit, m), key -> new ArrayList<>())
                                .add(value.at(gpu, unit, d, m) + " " + at(d * MINUTES + m).getEpochSecond());
                    }
                }
            }
        }
        text.append("# TYPE ").append(name).append(" gauge\n");
        series.forEach((labels, samples) -> samples.forEach(sample ->
                text.append(name).append('{').append(labels).append("} ").append(sample).append('\n')));
    }

    /** The exporter's labels, with the pod holding the unit at that minute in the GPU's spelling. */
    private static String labels(Gpu gpu, Unit unit, int minute) {
        if (gpu.amd() != null) {
            return SimulatedAmdDay.labels(gpu, unit, minute);
        }
        StringBuilder labels = new StringBuilder("job=\"").append(FleetSimulator.DCGM_JOB).append("\",")
                .append(gpu.federated() ? "uuid" : "UUID").append("=\"").append(gpu.uuid()).append('"')
                .append(",modelName=\"").append(gpu.model()).append('"')
                .append(gpu.federated() ? ",hostname" : ",Hostname").append("=\"node-1\"");
        if (unit.gpuInstanceId() != null) {
            labels.append(",GPU_I_PROFILE=\"").append(unit.profile()).append("\",GPU_I_ID=\"")
                    .append(unit.gpuInstanceId()).append('"');
        }
        return holder(labels, gpu.federated(), unit.holder().apply(minute), "nvidia-gpu-operator",
                "nvidia-dcgm-exporter-x7k2p", "nvidia-dcgm-exporter").toString();
    }

    /**
     * The pod holding a unit, if any; where the GPU's scrape did not honour labels, in {@code exported_*} beside the
     * exporter's own pod.
     */
    static StringBuilder holder(StringBuilder labels, boolean federated, String holder, String exporterNamespace,
            String exporterPod, String exporterContainer) {
        String prefix = federated ? "exported_" : "";
        if (holder != null) {
            labels.append(',').append(prefix).append("namespace=\"").append(holder).append('"')
                    .append(',').append(prefix).append("pod=\"").append(holder).append("-worker-0\"")
                    .append(',').append(prefix).append("container=\"main\"");
        }
        if (federated) {
            labels.append(",namespace=\"").append(exporterNamespace).append("\",pod=\"").append(exporterPod)
                    .append("\",container=\"").append(exporterContainer).append('"');
        }
        return labels;
    }

    static boolean within(int minute, int from, int to) {
        return minute >= from && minute < to;
    }
}
