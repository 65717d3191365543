package org.aitelemetry.devkit.bench;

import static org.aitelemetry.devkit.CommandLineArgs.bounded;

/** Command-line options of the reports benchmark. */
record ReportsOptions(ApiFleetScale scale, int days, int horizonDays, int downloads, boolean smoke) {

    static final String USAGE = """
            Usage: bin/benchmark reports [options]
              --days N        days of hourly rollups seeded, per GPU and per project (default 365)
              --horizon N     days back the worker makes missing weekly and monthly statements (default 36: five
                              weeks and the last month)
              --downloads N   one project's monthly statement fetched through the site's API, as its researcher:
                              the list filtered to the project, then the CSV (default 400)
              --smoke         a quick check: 400 GPUs, 40 projects, 40 days, --downloads 40; targets not judged
              --help          show this help
            """;

    /** acceptance.md, reports: 10,000 GPUs, 500 projects; the rollups come from the reports seeder, not the API's. */
    static final ApiFleetScale ACCEPTANCE = new ApiFleetScale(5, 250, 8, 100, 10, 100, 0);
    static final ApiFleetScale SMOKE = new ApiFleetScale(2, 25, 8, 20, 2, 10, 0);

    static ReportsOptions parse(String[] args) {
        int days = 365;
        int horizon = 36;
        int downloads = 400;
        boolean smoke = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--days" -> days = bounded(args, ++i, 40, 800);
                case "--horizon" -> horizon = bounded(args, ++i, 8, 400);
                case "--downloads" -> downloads = bounded(args, ++i, 10, 1_000_000);
                case "--smoke" -> {
                    days = 40;
                    downloads = 40;
                    smoke = true;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (horizon >= days) {
            throw new IllegalArgumentException("--horizon must be below --days: the statements read seeded rollups");
        }
        return new ReportsOptions(smoke ? SMOKE : ACCEPTANCE, days, horizon, downloads, smoke);
    }
}
