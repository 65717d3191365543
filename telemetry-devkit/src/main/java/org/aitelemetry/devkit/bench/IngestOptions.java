package org.aitelemetry.devkit.bench;

import static org.aitelemetry.devkit.CommandLineArgs.bounded;
import static org.aitelemetry.devkit.CommandLineArgs.value;

/** Command-line options of the alert-ingest benchmark. */
record IngestOptions(int warmupSeconds, int seconds, int senders, int batchMin, int batchMax, double duplicateShare,
        int nodes, int openPerNode, int floorSeconds, int drainSeconds, int rate, int replicas) {

    static final String USAGE = """
            Usage: bin/benchmark ingest [options]
              --seconds N         measured phase (default 20)
              --warmup N          warm-up phase before it, not measured (default 10)
              --senders N         concurrent senders, one keep-alive connection each (default 8)
              --batch MIN-MAX     alerts per webhook batch, uniform (default 1-99, mean 50)
              --duplicates F      share of each batch that re-sends a firing alert (default 0.2)
              --nodes N           simulated GPU nodes, one Alertmanager group each (default 200)
              --open N            sessions a node keeps open (default 50: 10,000 open in all)
              --floor N           seconds of the /q/health/live floor (default 5)
              --drain N           seconds to wait for session processing afterwards (default 60)
              --rate N            offered load in alerts/s, paced (open loop; latency counted from the
                                  scheduled send); 0: as fast as answers come (closed loop, default)
              --replicas N        worker replicas on the one database, the senders dealt among them (default 1)
              --smoke             a quick check: --warmup 2 --seconds 3 --floor 1 --drain 10
              --help              show this help
            """;

    static IngestOptions parse(String[] args) {
        int warmup = 10;
        int seconds = 20;
        int senders = 8;
        int[] batch = {1, 99};
        double duplicates = 0.2;
        int nodes = 200;
        int open = 50;
        int floor = 5;
        int drain = 60;
        int rate = 0;
        int replicas = 1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seconds" -> seconds = bounded(args, ++i, 1, 3600);
                case "--warmup" -> warmup = bounded(args, ++i, 0, 3600);
                case "--senders" -> senders = bounded(args, ++i, 1, 256);
                case "--batch" -> batch = batchBounds(value(args, ++i));
                case "--duplicates" -> duplicates = share(value(args, ++i));
                case "--nodes" -> nodes = bounded(args, ++i, 1, 100_000);
                case "--open" -> open = bounded(args, ++i, 1, 1000);
                case "--floor" -> floor = bounded(args, ++i, 0, 600);
                case "--drain" -> drain = bounded(args, ++i, 0, 3600);
                case "--rate" -> rate = bounded(args, ++i, 0, 1_000_000);
                case "--replicas" -> replicas = bounded(args, ++i, 1, 4);
                case "--smoke" -> {
                    warmup = 2;
                    seconds = 3;
                    floor = 1;
                    drain = 10;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (senders < replicas) {
            throw new IllegalArgumentException("--senders must be at least --replicas: each replica gets its senders");
        }
        if (nodes < senders) {
            throw new IllegalArgumentException("--nodes must be at least --senders: each sender owns its nodes");
        }
        return new IngestOptions(warmup, seconds, senders, batch[0], batch[1], duplicates, nodes, open, floor, drain,
                rate, replicas);
    }

    private static int[] batchBounds(String value) {
        String[] bounds = value.split("-", 2);
        try {
            int min = Integer.parseInt(bounds[0]);
            int max = bounds.length == 2 ? Integer.parseInt(bounds[1]) : min;
            if (min < 1 || max < min || max > 10_000) {
                throw new IllegalArgumentException("--batch must be MIN-MAX with 1 <= MIN <= MAX <= 10000, not " + value);
            }
            return new int[] {min, max};
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--batch must be MIN-MAX, e.g. 1-99, not " + value, e);
        }
    }

    private static double share(String value) {
        try {
            double share = Double.parseDouble(value);
            if (share < 0 || share >= 1) {
                throw new IllegalArgumentException("--duplicates must be at least 0 and below 1, not " + value);
            }
            return share;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--duplicates must be a fraction, e.g. 0.2, not " + value, e);
        }
    }
}
