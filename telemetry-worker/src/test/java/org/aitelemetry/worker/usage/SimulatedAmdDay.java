package org.aitelemetry.worker.usage;

import static org.aitelemetry.worker.usage.SimulatedDay.within;

import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.worker.usage.SimulatedDay.EnergyCounter;
import org.aitelemetry.worker.usage.SimulatedDay.Gpu;
import org.aitelemetry.worker.usage.SimulatedDay.Unit;

/**
 * The AMD GPUs of the {@link SimulatedDay}, as AMD's device-metrics-exporter publishes them: graphics activity in
 * percent per GPU or compute partition, and the board's energy in microjoules since the driver loaded, on its first
 * partition only.
 * <ul>
 *   <li>GPU F (MI300X, SPX): {@code vision} from 01:00 to 22:00, idle from 05:00 to 07:00; at 12:57 the exporter's
 *       "not supported" sentinel (65535) instead of a reading.</li>
 *   <li>GPU G (MI300X, CPX/NPS4, names with the Helm chart's {@code amd_} prefix): eight partitions, 0–3 held
 *       by {@code nlp} all day, 4 by {@code vision} from 08:00 to 17:00 and idle from 10:00 to 11:40, 5–7 by
 *       nobody.</li>
 *   <li>GPU H (one GCD of an MI250X, federated labels, no partition labels): {@code nlp} until 16:00, bursty; the
 *       driver reloads at 16:40, so its energy counter restarts from zero.</li>
 * </ul>
 */
final class SimulatedAmdDay {

    static final String MI300X = "AMD Instinct MI300X OAM";
    static final String MI250X = "AMD Instinct MI250X";
    static final String CPX_NPS4 = "cpx/nps4";
    private static final int PARTITIONS = 8;
    private static final String SENTINEL = "65535";
    private static final int SENTINEL_MINUTE = 777;
    private static final int DRIVER_RELOAD_MINUTE = 1000;

    /**
     * How the exporter shows a board: its serial number and part number, its partition modes (null: an exporter that
     * names none) and whether its metric names carry the Helm chart's prefix.
     */
    record Board(String serial, String cardModel, String computeMode, String memoryMode, boolean helmPrefix) {
    }

    private static final IntFunction<String> F_HOLDER = m -> within(m, 60, 1320) ? "vision" : null;
    private static final IntPredicate F_IDLE = m -> within(m, 300, 420);
    private static final IntToDoubleFunction F_BUSY =
            m -> F_HOLDER.apply(m) == null ? 0 : F_IDLE.test(m) ? m % 2 / 100.0 : (60 + m % 13) / 100.0;
    private static final List<Unit> G_PARTITIONS = IntStream.range(0, PARTITIONS)
            .mapToObj(SimulatedAmdDay::partition).toList();
    private static final IntToDoubleFunction H_BUSY = m -> m >= 960 ? 0 : m % 10 < 5 ? 0.7 : 0.1;

    static final Gpu F = new Gpu("F", "AMD-SIMF00001", MI300X, false, true,
            List.of(new Unit("F", null, null, 1, F_HOLDER, F_BUSY, F_IDLE, m -> m == SENTINEL_MINUTE)),
            m -> Math.round((200 + 500 * F_BUSY.applyAsDouble(m)) * 60_000), 5_000_000_000L, -1,
            new Board("SIMF00001", "102-G30211-0C", "spx", "nps1", false));
    static final Gpu G = new Gpu("G", "AMD-SIMG00001", MI300X, false, true, G_PARTITIONS,
            m -> Math.round((150 + 600 * G_PARTITIONS.stream().mapToDouble(unit -> unit.busy().applyAsDouble(m))
                    .sum() / PARTITIONS) * 60_000), 8_000_000_000L, -1,
            new Board("SIMG00001", "102-G30211-0C", "cpx", "nps4", true));
    static final Gpu H = new Gpu("H", "AMD-SIMH00001", MI250X, true, true,
            List.of(new Unit("H", null, null, 1, m -> m < 960 ? "nlp" : null, H_BUSY, m -> false, m -> false)),
            m -> Math.round((90 + 150 * H_BUSY.applyAsDouble(m)) * 60_000), 2_000_000_000L, DRIVER_RELOAD_MINUTE,
            new Board("SIMH00001", "102-D65209-00", null, null, false));

    private SimulatedAmdDay() {
    }

    /** Partition {@code p} of GPU G, its slice with the partition number as instance id. */
    private static Unit partition(int p) {
        IntFunction<String> holder = m -> p < 4 ? "nlp" : p == 4 && within(m, 480, 1020) ? "vision" : null;
        IntPredicate idle = m -> p == 4 && within(m, 600, 700);
        IntToDoubleFunction busy = m -> holder.apply(m) == null || idle.test(m) ? 0 : (20 + 10 * p + m % 9) / 100.0;
        return new Unit("G/" + p, p, CPX_NPS4, 1.0 / PARTITIONS, holder, busy, idle, m -> false);
    }

    /** Activity and energy, each under the names the boards' exporters use, bare or prefixed. */
    static void families(StringBuilder text, int days, EnergyCounter energy) {
        for (boolean helmPrefix : new boolean[] {false, true}) {
            String prefix = helmPrefix ? "amd_" : "";
            SimulatedDay.family(text, prefix + "gpu_gfx_activity", days,
                    gpu -> amd(gpu, helmPrefix) ? gpu.units() : List.of(),
                    (gpu, unit, d, m) -> unit.blank().test(m) ? SENTINEL
                            : Long.toString(Math.round(unit.busy().applyAsDouble(m) * 100)));
            SimulatedDay.family(text, prefix + "gpu_energy_consumed", days,
                    gpu -> amd(gpu, helmPrefix) ? List.of(gpu.units().get(0)) : List.of(),
                    (gpu, unit, d, m) -> Long.toString(energy.millijoules(gpu, d, m) * 1000));
        }
    }

    private static boolean amd(Gpu gpu, boolean helmPrefix) {
        return gpu.amd() != null && gpu.amd().helmPrefix() == helmPrefix;
    }

    /** The exporter's labels of a GPU or partition, with the pod holding it at that minute. */
    static String labels(Gpu gpu, Unit unit, int minute) {
        Board board = gpu.amd();
        int partition = unit.gpuInstanceId() == null ? 0 : unit.gpuInstanceId();
        StringBuilder labels = new StringBuilder("job=\"").append(FleetSimulator.AMD_JOB).append('"')
                .append(",card_model=\"").append(board.cardModel()).append("\",card_series=\"").append(gpu.model())
                .append("\",gpu_id=\"").append(partition).append("\",hostname=\"node-1\",serial_number=\"")
                .append(board.serial()).append('"');
        if (board.computeMode() != null) {
            labels.append(",gpu_compute_partition_type=\"").append(board.computeMode())
                    .append("\",gpu_memory_partition_type=\"").append(board.memoryMode())
                    .append("\",gpu_partition_id=\"").append(partition).append('"');
        }
        return SimulatedDay.holder(labels, gpu.federated(), unit.holder().apply(minute), "kube-amd-gpu",
                "amd-device-metrics-exporter-q8zt5", "metrics-exporter-container").toString();
    }
}
