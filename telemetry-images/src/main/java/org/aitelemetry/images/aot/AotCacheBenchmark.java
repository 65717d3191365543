package org.aitelemetry.images.aot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.aitelemetry.devkit.FileTrees;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.bench.CpuSample;
import org.aitelemetry.devkit.bench.ProcessMemory;
import org.aitelemetry.images.DeploymentJavaOptions;
import org.aitelemetry.images.RunJavaEnvironment;
import org.aitelemetry.images.oci.OciArchive;
import org.aitelemetry.images.oci.OciImage;
import org.aitelemetry.images.runc.Readiness;
import org.aitelemetry.images.runc.RuncContainer;

/**
 * The worker as its image ships it, on its AOT cache and without ({@code AOT_CACHE=none}: the JDK's own class-data
 * archive only, what the image was before the cache): the image the build wrote
 * ({@code telemetry-images/target/images/telemetry-worker.oci.tar}) run by runc with the Deployment's
 * JAVA_OPTS_APPEND, syncing a simulated fleet with frozen readings through a real Prometheus into a fresh database per
 * run. Runs alternate, so both see the same machine. Per run: time from start to ready, the first
 * cycle, the median unchanged cycle, the worker's CPU per unchanged cycle, rows per unchanged cycle, RSS and peak RSS.
 * Then both apps' starts from their images, the same way alternated, against the database the last worker run filled
 * (the schema migrated, as on every start but the first): time from start to ready, and RSS.
 * Arguments: GPUs (10000), rounds (3), cycles per run, the first included (12), and JVM options for the worker after
 * the Deployment's (comma-separated, e.g. -Xmx256m: a later option wins). Run from the repository root as root.
 */
public final class AotCacheBenchmark {

    private static final Duration PATIENCE = Duration.ofMinutes(5);
    private static final Instant FROZEN_AT = Instant.parse("2026-11-21T12:00:00Z");

    private AotCacheBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int gpus = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int cycles = args.length > 2 ? Integer.parseInt(args[2]) : 12;
        Path root = Path.of("").toAbsolutePath();
        Path work = root.resolve("telemetry-images/target/aot-benchmark");
        FileTrees.deleteRecursively(work);
        RuncContainer worker = unpack(root, work, "telemetry-worker");
        RuncContainer site = unpack(root, work, "telemetry-site");
        List<String> workerOptions = new ArrayList<>(DeploymentJavaOptions.of(root, "telemetry-worker"));
        if (args.length > 3) {
            workerOptions.addAll(List.of(args[3].split(",")));
        }
        System.out.printf("Worker image, %s; %d GPUs, %d cycles per run, %d cores%n", String.join(" ", workerOptions),
                gpus, cycles, Runtime.getRuntime().availableProcessors());
        System.out.printf("%-9s %9s %8s %10s %11s %12s %8s %9s%n", "AOT cache", "ready", "first", "unchanged",
                "cpu/unchgd", "rows/unchgd", "RSS", "peak RSS");
        List<Map<String, String>> filled = new ArrayList<>();
        try (TrainingStack stack = TrainingStack.start(new Workspace(work.resolve("devkit")), gpus,
                Clock.fixed(FROZEN_AT, ZoneOffset.UTC))) {
            for (int round = 0; round < rounds; round++) {
                for (boolean cached : List.of(true, false)) {
                    filled.add(run(worker, stack, workerOptions, cached, cycles, work.resolve("worker-" + round + "-"
                            + cached + ".log")));
                }
            }
            Map<String, String> database = filled.get(filled.size() - 1);
            List<String> siteOptions = DeploymentJavaOptions.of(root, "telemetry-site");
            System.out.printf("Starts on the database a worker run filled (the schema migrated, the fleet in it)%n"
                    + "%-16s %-9s %9s %8s%n", "app", "AOT cache", "ready", "RSS");
            for (int round = 0; round < rounds; round++) {
                for (boolean cached : List.of(true, false)) {
                    start(worker, workerOptions, database, cached, work.resolve("start-" + round + "-" + cached
                            + ".log"));
                    start(site, siteOptions, database, cached, work.resolve("site-" + round + "-" + cached + ".log"));
                }
            }
        }
    }

    private static RuncContainer unpack(Path root, Path work, String app) throws IOException, InterruptedException {
        OciImage image = OciArchive.read(root.resolve("telemetry-images/target/images/" + app + ".oci.tar"),
                Files.createDirectories(work.resolve(app + "-blobs"))).image();
        Optional<String> unavailable = RuncContainer.unavailable();
        if (unavailable.isPresent()) {
            throw new IllegalStateException(unavailable.get());
        }
        RuncContainer container = RuncContainer.unpack(image, work.resolve(app));
        Optional<String> refusal = container.refusal("aot-benchmark-probe-" + ProcessHandle.current().pid());
        if (refusal.isPresent()) {
            throw new IllegalStateException("runc cannot run the image here: " + refusal.get());
        }
        return container;
    }

    /** An app from its image against a database the worker filled: time from start to ready, and RSS then. */
    private static void start(RuncContainer container, List<String> shipped, Map<String, String> database,
            boolean cached, Path log) throws Exception {
        int management = LoopbackPorts.free();
        Map<String, String> config = new TreeMap<>(database);
        config.putAll(Map.of("quarkus.http.port", String.valueOf(LoopbackPorts.free()),
                "quarkus.management.port", String.valueOf(management), "quarkus.oidc.web.tenant-enabled", "false"));
        String id = "aot-benchmark-start-" + ProcessHandle.current().pid();
        long started = System.nanoTime();
        Process run = container.start(id, null, RunJavaEnvironment.of(shipped, config, cached), Map.of(), log);
        try {
            Readiness.await(management, run, log, PATIENCE);
            long readyMillis = (System.nanoTime() - started) / 1_000_000;
            System.out.printf("%-16s %-9s %7d ms %5d MiB%n", container.rootfs().getParent().getFileName(),
                    cached ? "on" : "none", readyMillis, ProcessMemory.residentMib(container.pid(id)));
        } finally {
            stop(container, id, run);
        }
    }

    /** A graceful stop first, so what the JVM prints at exit (-XX:+PrintNMTStatistics) reaches the log. */
    private static void stop(RuncContainer container, String id, Process run) throws Exception {
        container.signal(id, "TERM");
        if (!run.waitFor(20, TimeUnit.SECONDS)) {
            container.signal(id, "KILL");
            run.waitFor();
        }
        container.delete(id);
    }

    /** One worker run; the configuration it ran with, whose database it filled. */
    private static Map<String, String> run(RuncContainer container, TrainingStack stack, List<String> shipped,
            boolean cached, int cycles, Path log) throws Exception {
        int http = LoopbackPorts.free();
        int management = LoopbackPorts.free();
        Map<String, String> config = stack.appConfigOnANewDatabase();
        config.putAll(Map.of("telemetry.sync.every", "4s", "telemetry.sync.first-delay", "1s",
                "telemetry.usage.every", "off", "quarkus.http.port", String.valueOf(http),
                "quarkus.management.port", String.valueOf(management)));
        String id = "aot-benchmark-" + ProcessHandle.current().pid();
        long started = System.nanoTime();
        Process run = container.start(id, null, RunJavaEnvironment.of(shipped, config, cached), Map.of(), log);
        try {
            measure(container, id, run, management, cached, cycles, log, started);
        } catch (IllegalStateException failed) {
            System.out.printf("%-9s failed: %s%n", cached ? "on" : "none", failed.getMessage());
        } finally {
            stop(container, id, run);
        }
        return config;
    }

    private static void measure(RuncContainer container, String id, Process run, int management, boolean cached,
            int cycles, Path log, long started) throws Exception {
        Readiness.await(management, run, log, PATIENCE);
        long readyMillis = (System.nanoTime() - started) / 1_000_000;
        long pid = container.pid(id);
        SyncCycleLog.await(log, 2, PATIENCE);
        double cpuBefore = CpuSample.seconds(pid);
        List<SyncCycleLog.Cycle> done = SyncCycleLog.await(log, cycles, PATIENCE);
        double cpuPerCycle = (CpuSample.seconds(pid) - cpuBefore) * 1000 / (cycles - 2);
        List<SyncCycleLog.Cycle> unchanged = done.subList(1, cycles);
        System.out.printf("%-9s %7d ms %5d ms %7d ms %8.0f ms %12.0f %5d MiB %5d MiB%n", cached ? "on" : "none",
                readyMillis, done.get(0).millis(), median(unchanged.stream().map(SyncCycleLog.Cycle::millis).toList()),
                cpuPerCycle, unchanged.stream().mapToInt(SyncCycleLog.Cycle::rows).average().orElse(0),
                ProcessMemory.residentMib(pid), ProcessMemory.peakResidentMib(pid));
    }

    private static long median(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}
