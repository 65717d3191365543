package org.aitelemetry.devkit.bench;

import static org.aitelemetry.devkit.CommandLineArgs.bounded;

/** Command-line options of the dashboards benchmark. */
record DashboardOptions(int requests, int warmup, int clients, int floor, ApiFleetScale scale) {

    /** acceptance.md judges the full fleet only, on enough requests for a p95 worth the name. */
    static final int MIN_JUDGED_REQUESTS = 1000;

    static final String USAGE = """
            Usage: bin/benchmark dashboards [options]
            The fleet overview and a project page as ada (researcher of cluster-01/nlp-001) and as margaret (admin:
            her fleet overview ranks all projects), each signed in through Keycloak's login page.
              --requests N    measured requests per page and person (default 1000)
              --warmup N      requests per page and person before them, not measured (default 200)
              --clients N     concurrent clients, closed loop: each sends its next request once the last
                              answer's body has arrived (default 4)
              --floor N       requests of GET /q/health/live after the pages, the floor (default 1000; 0: none)
              --smoke         a quick check: --requests 50 --warmup 20 --floor 50 on a small fleet
                              (%s)
              --help          show this help
            Fleet: %s.
            """.formatted(ApiOptions.describe(ApiFleetScale.SMOKE), ApiOptions.describe(ApiFleetScale.ACCEPTANCE));

    static DashboardOptions parse(String[] args) {
        int requests = MIN_JUDGED_REQUESTS;
        int warmup = 200;
        int clients = 4;
        int floor = 1000;
        ApiFleetScale scale = ApiFleetScale.ACCEPTANCE;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--requests" -> requests = bounded(args, ++i, 1, 1_000_000);
                case "--warmup" -> warmup = bounded(args, ++i, 0, 1_000_000);
                case "--clients" -> clients = bounded(args, ++i, 1, 256);
                case "--floor" -> floor = bounded(args, ++i, 0, 1_000_000);
                case "--smoke" -> {
                    scale = ApiFleetScale.SMOKE;
                    requests = 50;
                    warmup = 20;
                    floor = 50;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        return new DashboardOptions(requests, warmup, clients, floor, scale);
    }

    /** Whether the run is the acceptance workload, so its p95 may be held against the target. */
    boolean judged() {
        return scale.equals(ApiFleetScale.ACCEPTANCE) && requests >= MIN_JUDGED_REQUESTS;
    }
}
