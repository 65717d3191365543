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
              --mix LIST      operations and weights, key[=weight],... (default: every operation below with a
                              weight; a key without a weight takes its default, at least 1)
              --smoke         a quick check: --warmup 5 --seconds 5 --floor 2 on a small fleet
                              (%s)
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
        ApiFleetScale scale = ApiFleetScale.ACCEPTANCE;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rate" -> rate = bounded(args, ++i, 1, 100_000);
                case "--seconds" -> seconds = bounded(args, ++i, 1, 3600);
                case "--warmup" -> warmup = bounded(args, ++i, 0, 3600);
                case "--floor" -> floor = bounded(args, ++i, 0, 600);
                case "--threads" -> threads = bounded(args, ++i, 1, 512);
                case "--mix" -> mix = ApiMix.parse(value(args, ++i));
                case "--smoke" -> {
                    scale = ApiFleetScale.SMOKE;
                    // A cold site on two busy cores needs a few seconds before it keeps pace with the timetable.
                    warmup = 5;
                    seconds = 5;
                    floor = 2;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        return new ApiOptions(rate, warmup, seconds, floor, threads, mix, scale);
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
