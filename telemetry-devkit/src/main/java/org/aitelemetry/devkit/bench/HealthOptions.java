package org.aitelemetry.devkit.bench;

import static org.aitelemetry.devkit.CommandLineArgs.bounded;

/** Command-line options of the health benchmark. */
record HealthOptions(int nodes, int gpusPerNode, int warmupRuns, int runs, int concurrency, int failingNodes,
        int baselineGpus, boolean smoke) {

    static final String USAGE = """
            Usage: bin/benchmark health [options]
              --nodes N           GPU nodes of the seeded fleet and of the mock Kubernetes API (default 1000)
              --gpus-per-node N   GPUs per node (default 8)
              --runs N            probe runs posted in the measured phase (default 10000)
              --warmup N          probe runs posted before it, not measured (default 8000: the worker's JIT compiler
                                  is still busy after 2000 on 2 cores)
              --concurrency N     concurrent posters, one keep-alive connection each (default 8)
              --failing N         nodes that post one run with hard evidence (ECC, XID 79) while the load runs, for
                                  the time from the post to the node's taint (default 100; taken from the fleet's end)
              --baseline-gpus N   GPUs whose recent healthy results are seeded for the fleet baseline (default 10000)
              --smoke             a quick check: --nodes 20 --runs 200 --warmup 40 --concurrency 4 --failing 4
                                  --baseline-gpus 1000; targets not judged
              --help              show this help
            """;

    static HealthOptions parse(String[] args) {
        int nodes = 1000;
        int gpus = 8;
        int runs = 10_000;
        int warmup = 8_000;
        int concurrency = 8;
        int failing = 100;
        int baseline = 10_000;
        boolean smoke = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--nodes" -> nodes = bounded(args, ++i, 2, 100_000);
                case "--gpus-per-node" -> gpus = bounded(args, ++i, 1, 16);
                case "--runs" -> runs = bounded(args, ++i, 1, 10_000_000);
                case "--warmup" -> warmup = bounded(args, ++i, 0, 10_000_000);
                case "--concurrency" -> concurrency = bounded(args, ++i, 1, 256);
                case "--failing" -> failing = bounded(args, ++i, 1, 100_000);
                case "--baseline-gpus" -> baseline = bounded(args, ++i, 0, 1_000_000);
                case "--smoke" -> {
                    nodes = 20;
                    runs = 200;
                    warmup = 40;
                    concurrency = 4;
                    failing = 4;
                    baseline = 1000;
                    smoke = true;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (failing >= nodes) {
            throw new IllegalArgumentException("--failing must be below --nodes: the other nodes carry the load");
        }
        if (nodes - failing < concurrency) {
            throw new IllegalArgumentException("--nodes less --failing must be at least --concurrency: each poster "
                    + "owns its nodes");
        }
        return new HealthOptions(nodes, gpus, warmup, runs, concurrency, failing, baseline, smoke);
    }

    /** Nodes 0 .. loadNodes-1 post healthy runs; the rest post the one failed run each. */
    int loadNodes() {
        return nodes - failingNodes;
    }
}
