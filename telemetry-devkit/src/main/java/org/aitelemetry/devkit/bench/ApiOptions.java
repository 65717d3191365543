package org.aitelemetry.devkit.bench;

import static org.aitelemetry.devkit.CommandLineArgs.bounded;
import static org.aitelemetry.devkit.CommandLineArgs.value;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Command-line options of the API benchmark. */
record ApiOptions(int rate, int warmupSeconds, int seconds, int floorSeconds, int threads, ApiMix mix,
        ApiFleetScale scale) {

    static final String USAGE = """
            Usage: bin/benchmark api [options]
              --rate N        offered requests/s, open loop on a fixed timetable; latency counts from each
                              request's scheduled send (default 200)
              --seconds N     measured phase (default 60)
              --warmup N      warm-up phase before it, same load, not measured (default 10)
              --floor N       seconds of GET /q/health/live at the same rate, the floor (default 10; 0: none)
              --threads N     load threads, one HTTP/1.1 connection each (default 16)
              --gpus N        fleet size: GPUs over 5 clusters of 8-GPU nodes, one node in 25 in MIG mode
                              (default 10,000; a multiple of 40)
              --projects N    research projects, a fifth per cluster, each with 100 sessions and 30 days of
                              hourly rollups (default 500; a multiple of 5)
              --mix LIST      operations and weights, key[=weight],... (default: every operation below with a
                              weight; a key without a weight takes its default, at least 1)
              --smoke         a quick check: --warmup 5 --seconds 5 --floor 2, on a small fleet unless
                              --gpus or --projects name one (%s)
              --help          show this help
            Operations (default weight):
            %s
            """.formatted(describe(ApiFleetScale.SMOKE), operations());

    static ApiOptions parse(String[] args) {
        int rate = 200;
        int warmup = 10;
        int seconds = 60;
        int floor = 10;
        int threads = 16;
        ApiMix mix = ApiMix.standard();
        int gpus = 0;
        int projects = 0;
        boolean smoke = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rate" -> rate = bounded(args, ++i, 1, 100_000);
                case "--seconds" -> seconds = bounded(args, ++i, 1, 3600);
                case "--warmup" -> warmup = bounded(args, ++i, 0, 3600);
                case "--floor" -> floor = bounded(args, ++i, 0, 600);
                case "--threads" -> threads = bounded(args, ++i, 1, 512);
                case "--mix" -> mix = ApiMix.parse(value(args, ++i));
                case "--gpus" -> gpus = bounded(args, ++i, ApiFleetScale.MIN_GPUS, ApiFleetScale.MAX_GPUS);
                case "--projects" -> projects = bounded(args, ++i, 1, 1_000_000);
                case "--smoke" -> {
                    smoke = true;
                    // A cold site on two busy cores needs a few seconds before it keeps pace with the timetable.
                    warmup = 5;
                    seconds = 5;
                    floor = 2;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        return new ApiOptions(rate, warmup, seconds, floor, threads, mix, scale(gpus, projects, smoke));
    }

    /** The named fleet, the rest of it as in acceptance.md; the small one for a smoke run that names none. */
    private static ApiFleetScale scale(int gpus, int projects, boolean smoke) {
        if (gpus == 0 && projects == 0) {
            return smoke ? ApiFleetScale.SMOKE : ApiFleetScale.ACCEPTANCE;
        }
        ApiFleetScale acceptance = ApiFleetScale.ACCEPTANCE;
        return ApiFleetScale.of(gpus == 0 ? acceptance.gpus() : gpus,
                projects == 0 ? acceptance.projects() : projects);
    }

    static String describe(ApiFleetScale scale) {
        return String.format("%d clusters x %d nodes x %d GPUs = %,d GPUs, %,d MIG slices, %d projects",
                scale.clusters(), scale.nodesPerCluster(), scale.gpusPerNode(), scale.gpus(), scale.slices(),
                scale.projects());
    }

    private static String operations() {
        return Arrays.stream(ApiOperation.values())
                .map(operation -> String.format("  %-18s %3d  GET %s", operation.key(), operation.defaultWeight(),
                        operation.example()))
                .collect(Collectors.joining("\n"));
    }
}
