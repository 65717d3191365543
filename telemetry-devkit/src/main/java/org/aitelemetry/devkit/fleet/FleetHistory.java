package org.aitelemetry.devkit.fleet;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.aitelemetry.devkit.prometheus.ScrapeTarget;

/**
 * The simulated fleet's past: what Prometheus would have scraped from the {@link FleetSimulator}'s pages every
 * {@code step} over {@code span} before the live scrapes begin, had the pods of a {@link HoldingSchedule} held the GPUs
 * and the fleet's VMs run all along, with the labels the scrape adds ({@code job}, {@code instance}, {@code cluster}).
 * Written as OpenMetrics files, one per UTC day, for {@code promtool tsdb create-blocks-from openmetrics}.
 *
 * <p>The past {@link #end() ends} Prometheus' lookback (5 minutes) before the live scrapes may begin: written samples
 * carry no staleness markers, so a series of the past would otherwise still count as current beside its live
 * successor (a GPU's old holder next to its new one). The live pages take over after that short gap: their pods start
 * there, and every energy counter of the past runs on into its live value.
 */
public final class FleetHistory {

    /** How far back Prometheus looks for a series' latest sample (its {@code --query.lookback-delta}). */
    static final Duration LOOKBACK = Duration.ofMinutes(5);
    /** Sparser samples than the lookback would leave gaps in every query. */
    public static final Duration LONGEST_STEP = LOOKBACK;
    /** Profiling ratios nothing reads: leaving them out of the past saves a sixth of its samples. */
    private static final Set<String> NOT_IN_THE_PAST = Set.of(DcgmFamily.PIPE_TENSOR_ACTIVE.metric(),
            DcgmFamily.DRAM_ACTIVE.metric());

    private final FleetDefinition fleet;
    private final List<ScrapeTarget> targets;
    private final Instant end;
    private final List<Instant> steps = new ArrayList<>();
    private final HoldingSchedule schedule;
    private final HistoryReadings readings;
    private final KubeExposition kube;
    private volatile String phase = "drawing the schedule";

    /** The past of {@code span} up to a lookback before {@code liveFrom}, the earliest live scrape. */
    public FleetHistory(FleetSimulator simulator, Instant liveFrom, Duration span, Duration step) {
        if (step.isZero() || step.isNegative() || step.compareTo(LONGEST_STEP) > 0 || step.toMillis() % 1000 != 0) {
            throw new IllegalArgumentException("the history step is whole seconds up to " + LONGEST_STEP + ": " + step);
        }
        if (span.compareTo(step) < 0) {
            throw new IllegalArgumentException("the history spans at least one step: " + span);
        }
        this.fleet = simulator.definition();
        this.targets = simulator.scrapeTargets();
        this.end = liveFrom.minus(LOOKBACK);
        long stepMillis = step.toMillis();
        long first = Math.floorDiv(end.minus(span).toEpochMilli() + stepMillis - 1, stepMillis) * stepMillis;
        for (long at = first; at < end.toEpochMilli(); at += stepMillis) {
            steps.add(Instant.ofEpochMilli(at));
        }
        this.schedule = HoldingSchedule.draw(fleet, steps.get(0), end);
        this.readings = new HistoryReadings(fleet, simulator.readings(), schedule, steps, step, end);
        this.kube = new KubeExposition(fleet, new FleetState(fleet.spec().epoch()));
    }

    /**
     * Every holding of the past, by start: each is a usage session that ended before the past did. Holdings that
     * ended before its first sample are left out: nothing of them would be in Prometheus.
     */
    public List<PastHolding> holdings() {
        return holdings(false);
    }

    /**
     * The holdings of AMD GPUs and partitions in the past, by start: in its series and GPU requests, but not among
     * {@link #holdings()}, whose alert labels are those of the dcgm-exporter usage rules.
     */
    public List<PastHolding> amdHoldings() {
        return holdings(true);
    }

    private List<PastHolding> holdings(boolean amd) {
        return schedule.all().stream().filter(holding -> holding.to().isAfter(start()))
                .filter(holding -> fleet.isAmd(holding.device()) == amd).toList();
    }

    /** The GPU that runs hot, throttles and reports XID errors in the last days of the past. */
    public Optional<FleetDevice> degradedDevice() {
        return readings.degraded();
    }

    public Instant start() {
        return steps.get(0);
    }

    /** When the past ends: every holding has ended by then, and the energy counters run on from there. */
    public Instant end() {
        return end;
    }

    /** What {@link #write} is doing, for progress reports. */
    public String phase() {
        return phase;
    }

    /** A file of the past is complete and may be converted. */
    @FunctionalInterface
    public interface DayWritten {
        void accept(Path file) throws IOException, InterruptedException;
    }

    /** Writes the past into {@code dir}, one OpenMetrics file per UTC day, handing each on once written. */
    public void write(Path dir, DayWritten written) throws IOException, InterruptedException {
        int index = 0;
        while (index < steps.size()) {
            LocalDate day = day(index);
            Path path = dir.resolve("history-" + day + ".om");
            phase = "writing " + day + " (day " + (ChronoUnit.DAYS.between(day(0), day) + 1) + " of "
                    + (ChronoUnit.DAYS.between(day(0), day(steps.size() - 1)) + 1) + ")";
            try (HistoryFile file = new HistoryFile(path)) {
                for (; index < steps.size() && day(index).equals(day); index++) {
                    for (ScrapeTarget target : targets) {
                        file.scrape(steps.get(index), targetLabels(target));
                        writePage(target, index, file);
                    }
                }
            }
            written.accept(path);
        }
    }

    /**
     * A target's page at the {@code index}-th step. The VMs ran throughout the past, holding their GPUs, under the
     * launcher pods the live pages carry on with. The hub's facts have no past.
     */
    private void writePage(ScrapeTarget target, int index, HistoryFile file) throws IOException {
        String cluster = target.labels().get("cluster");
        Instant at = steps.get(index);
        switch (target.job()) {
            case FleetSimulator.DCGM_JOB -> DcgmFamily.writeAll(dcgmSeries(cluster, index), NOT_IN_THE_PAST::contains,
                    file);
            case FleetSimulator.KUBE_JOB -> kube.write(cluster, at, Stream.concat(fleet.nodes(cluster).stream(),
                    fleet.amdNodes(cluster).stream()).toList(), pods(cluster, at), fleet.virtualMachines(cluster),
                    file);
            case FleetSimulator.AMD_JOB -> AmdFamily.writeAll(amdSeries(cluster, index), fleet.spec().amdHelmPrefix(),
                    file);
            case FleetSimulator.KUBEVIRT_JOB -> KubevirtExposition.write(fleet.virtualMachines(cluster), file);
            default -> {
            }
        }
    }

    private List<DcgmFamily.Series> dcgmSeries(String cluster, int index) {
        LabelVariant variant = variant(cluster);
        Instant at = steps.get(index);
        List<DcgmFamily.Series> series = new ArrayList<>();
        for (FleetDevice device : fleet.devices(cluster)) {
            if (device.mig()) {
                for (MigSlice slice : device.slices()) {
                    series.add(new DcgmFamily.Series(DcgmExposition.labels(variant, device, Optional.of(slice),
                            readings.holder(device, slice, at)), false, readings.reading(device, slice, index)));
                }
            } else {
                series.add(new DcgmFamily.Series(DcgmExposition.labels(variant, device, Optional.empty(),
                        readings.holder(device, null, at)), true, readings.reading(device, null, index)));
            }
        }
        return series;
    }

    private List<AmdFamily.Series> amdSeries(String cluster, int index) {
        Instant at = steps.get(index);
        return fleet.amdDevices(cluster).stream().map(amd -> AmdExposition.series(variant(cluster), amd,
                readings.holder(amd.device(), null, at), readings.amdReading(amd, index))).toList();
    }

    private List<FleetPod> pods(String cluster, Instant at) {
        List<FleetPod> pods = new ArrayList<>();
        fleet.amdDevices(cluster).forEach(amd -> readings.holder(amd.device(), null, at).ifPresent(pods::add));
        for (FleetDevice device : fleet.devices(cluster)) {
            if (device.mig()) {
                device.slices().forEach(slice -> readings.holder(device, slice, at).ifPresent(pods::add));
            } else {
                readings.holder(device, null, at).ifPresent(pods::add);
            }
        }
        return pods;
    }

    private LabelVariant variant(String cluster) {
        return fleet.clusters().stream().filter(c -> c.name().equals(cluster)).findFirst().orElseThrow().labels();
    }

    private static String targetLabels(ScrapeTarget target) {
        Labels labels = new Labels();
        target.labels().forEach(labels::add);
        return labels.add("instance", target.address()).add("job", target.job()).toString();
    }

    private LocalDate day(int index) {
        return steps.get(index).atZone(ZoneOffset.UTC).toLocalDate();
    }
}
