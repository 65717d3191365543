package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.process.QuarkusAppComponent;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.devkit.prometheus.PrometheusSettings;

/**
 * Fleet-sync benchmark (acceptance.md): the packaged worker syncs a simulated fleet through a real Prometheus into
 * PostgreSQL. For each fleet size (GPUs, in steps of 1,000 = 5 clusters × 25 nodes × 8 GPUs, 4 % of GPUs in MIG mode,
 * 50 projects per 1,000 GPUs; 10,000 is exactly the acceptance fleet) it reports the first full cycle, the median of
 * the following unchanged cycles (readings are frozen, so nothing changes), the worker's CPU per unchanged cycle (the
 * figure to compare builds by: a cycle's wall time is mostly Prometheus'), the rows those wrote, the queries per cycle
 * and the worker's RSS after the cycles and at its peak (what a container limit must allow). The worker runs with the JVM options of {@link WorkerJvm}.
 */
public final class FleetSyncBenchmark {

    /** The worker's log line of a cycle (FleetSync.log); the VMs' count is optional, as older builds leave it out. */
    private static final Pattern CYCLE = Pattern.compile("Fleet sync of bench: (\\w+), (\\d+) clusters, (\\d+) nodes, "
            + "(\\d+) GPUs, (\\d+) MIG slices, (\\d+) projects, (?:\\d+ VMs with GPUs, )?(\\d+) rows written, "
            + "(\\d+) queries, (\\d+) ms");
    /** Cycles per size, the first one included; more ({@code -Dbench.cycles=20}) steady an A/B of two builds. */
    private static final int CYCLES = Integer.getInteger("bench.cycles", 8);
    private static final Instant FROZEN_AT = Instant.parse("2026-11-21T12:00:00Z");

    private record Cycle(String status, int gpus, int slices, int projects, int rows, int queries, long millis) {
    }

    private record Memory(long residentMib, long peakMib) {
    }

    private final Path root;
    private final Workspace workspace;

    private FleetSyncBenchmark(Path root) {
        this.root = root;
        this.workspace = new Workspace(root.resolve("target/devkit/bench-sync"));
    }

    public static void main(String[] args) throws Exception {
        List<Integer> sizes = new ArrayList<>();
        for (String arg : (args.length == 0 ? "1000,10000" : args[0]).split(",")) {
            sizes.add(Integer.parseInt(arg.trim()));
        }
        FleetSyncBenchmark benchmark = new FleetSyncBenchmark(Path.of("").toAbsolutePath());
        System.out.printf("Fleet sync, packaged worker (%s), real Prometheus 2.42 + PostgreSQL 16, %d cores; "
                + "%d cycles per size%n", WorkerJvm.describe(), Runtime.getRuntime().availableProcessors(),
                CYCLES);
        System.out.printf("%8s %7s %9s %7s %8s %10s %11s %12s %10s %9s %9s %9s%n", "GPUs", "slices", "projects",
                "queries", "first", "unchanged", "cpu/unchgd", "rows/unchgd", "ms/1kGPU", "RSS", "peak RSS", "series");
        for (int gpus : sizes) {
            benchmark.run(gpus);
        }
    }

    private void run(int gpus) throws Exception {
        int nodesPerCluster = gpus / 5 / 8;
        FleetSpec spec = FleetSpec.builder(42).clusterCount(5).nodesPerCluster(nodesPerCluster).gpusPerNode(8)
                .migShare(0.04).projectsPerCluster(Math.max(2, gpus / 100)).build();
        FleetDefinition fleet = FleetDefinition.generate(spec);
        try (FleetSimulator simulator = new FleetSimulator(fleet, Clock.fixed(FROZEN_AT, ZoneOffset.UTC));
                PostgresComponent postgres = new PostgresComponent(workspace)) {
            simulator.start();
            postgres.start();
            String database = postgres.createDatabase("bench");
            try (PrometheusComponent prometheus = new PrometheusComponent(workspace, PrometheusSettings.fast()
                    .withIntervals(Duration.ofSeconds(15), Duration.ofSeconds(15)).withTargets(simulator.scrapeTargets()))) {
                prometheus.start();
                int series = fleet.clusters().stream().mapToInt(c -> fleet.dcgmSeriesCount(c.name())).sum();
                // A 100,000-GPU fleet takes Prometheus minutes to scrape in whole on two cores.
                new PrometheusApi(prometheus.url()).awaitValue("count(DCGM_FI_DEV_FB_FREE)", series,
                        Duration.ofMinutes(Math.max(3, gpus / 10_000)));
                measure(gpus, fleet, postgres, database, prometheus, series);
            }
        }
    }

    private void measure(int gpus, FleetDefinition fleet, PostgresComponent postgres, String database,
            PrometheusComponent prometheus, int series) throws Exception {
        Map<String, String> config = new HashMap<>(postgres.appConfig(database));
        config.putAll(FleetSimulator.workerExporterConfig());
        config.put("telemetry.sources.bench.url", prometheus.url());
        config.put("telemetry.sync.every", "4s");
        config.put("telemetry.sync.first-delay", "1s");
        config.put("telemetry.usage.every", "off");
        config.put("quarkus.oidc.tenant-enabled", "false");
        Path jar = root.resolve("telemetry-worker/target/quarkus-app/quarkus-run.jar");
        try (QuarkusAppComponent worker = new QuarkusAppComponent("telemetry-worker", jar, LoopbackPorts.free(), config,
                WorkerJvm.options(), workspace).withJava(WorkerJvm.java())) {
            worker.start();
            long postmaster = postgres.serverPid().orElseThrow();
            // The CPU window opens just after the first unchanged cycle has ended (the first, longer one may run into
            // the next tick) and closes just after the last one, both in the idle gap between cycles.
            awaitCycles(worker.logFile(), 2, Duration.ofMinutes(5));
            CpuSample opened = CpuSample.take(worker.pid(), postmaster);
            List<Cycle> cycles = awaitCycles(worker.logFile(), CYCLES, Duration.ofMinutes(5));
            double cpuMillisPerCycle = CpuSample.take(worker.pid(), postmaster).minus(opened).worker() * 1000
                    / (CYCLES - 2);
            Memory memory = new Memory(ProcessMemory.residentMib(worker.pid()),
                    ProcessMemory.peakResidentMib(worker.pid()));
            report(gpus, fleet, cycles, cpuMillisPerCycle, memory, series);
        }
    }

    private static List<Cycle> awaitCycles(Path log, int count, Duration patience)
            throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline)) {
            List<Cycle> cycles = cycles(log);
            if (cycles.size() >= count) {
                return cycles.subList(0, count);
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("fewer than " + count + " sync cycles within " + patience + "; see " + log);
    }

    private static List<Cycle> cycles(Path log) throws IOException {
        List<Cycle> cycles = new ArrayList<>();
        Matcher matcher = CYCLE.matcher(Files.readString(log));
        while (matcher.find()) {
            cycles.add(new Cycle(matcher.group(1), Integer.parseInt(matcher.group(4)), Integer.parseInt(matcher.group(5)),
                    Integer.parseInt(matcher.group(6)), Integer.parseInt(matcher.group(7)),
                    Integer.parseInt(matcher.group(8)), Long.parseLong(matcher.group(9))));
        }
        return cycles;
    }

    private static void report(int gpus, FleetDefinition fleet, List<Cycle> cycles, double cpuMillisPerCycle,
            Memory memory, int series) {
        Cycle first = cycles.get(0);
        if (first.gpus() != fleet.devices().size() || !first.status().equals("OK")) {
            throw new IllegalStateException("first cycle saw " + first + ", the fleet has " + fleet.devices().size() + " GPUs");
        }
        List<Cycle> unchanged = cycles.subList(1, cycles.size());
        Stats millis = Stats.of(unchanged.stream().mapToDouble(Cycle::millis).toArray());
        int maxRows = unchanged.stream().mapToInt(Cycle::rows).max().orElse(0);
        System.out.printf("%8d %7d %9d %7d %6dms %8.0fms %9.0fms %12d %10.1f %6dMiB %6dMiB %9d%n", gpus,
                first.slices(), first.projects(), first.queries(), first.millis(), millis.median(), cpuMillisPerCycle,
                maxRows, millis.median() / (gpus / 1000.0), memory.residentMib(), memory.peakMib(), series);
    }
}
