package org.aitelemetry.devkit.bench;

import java.util.Map;
import java.util.Optional;

/** The reports benchmark's printed figures, one labelled line per finding, with the goals beside them. */
final class ReportsReport {

    /** acceptance.md, reports. */
    private static final double GOAL_WEEK_SECONDS = 60;
    private static final double GOAL_MONTHLY_P95_MILLIS = 200;
    private static final double GOAL_RETENTION_SECONDS = 30;

    private final ReportsOptions options;

    ReportsReport(ReportsOptions options) {
        this.options = options;
    }

    void header(String workerJvm, String postgres) {
        System.out.printf("Reports, packaged worker and site (%s), PostgreSQL 16 (%s), Keycloak, %d cores; %,d GPUs, "
                + "%,d projects, %d days of hourly rollups; statements of %d days back; %,d monthly statement "
                + "downloads%s%n",
                workerJvm, postgres, Runtime.getRuntime().availableProcessors(), options.scale().gpus(),
                options.scale().projects(), options.days(), options.horizonDays(), options.downloads(),
                options.smoke() ? "; SMOKE: targets not judged" : "");
    }

    void fleet(ApiFleetSeeder.Seeded fleet) {
        System.out.printf("%-11s the API benchmark's fleet (%,d GPUs, %,d sessions): %.1f s%n", "fleet",
                fleet.rows().get("gpu_device"), fleet.rows().get("usage_session"), fleet.seconds());
    }

    void progress(String line) {
        System.out.println(line);
    }

    void seeded(double seconds) {
        System.out.printf("%-11s hourly and daily rollups, contacts, failures, VACUUM ANALYZE: %.1f s%n", "seeded",
                seconds);
    }

    void statements(DuePeriods due, Optional<WorkerTimer[]> rounds, Map<String, Long> counts) {
        if (rounds.isEmpty()) {
            System.out.printf("%-11s NOT every due period got its round (%d weeks, %d months due); made: %s%n",
                    "statements", due.weeks(), due.months(), counts);
            return;
        }
        WorkerTimer weeks = rounds.get()[0];
        WorkerTimer months = rounds.get()[1];
        System.out.printf("%-11s made %s%n", "statements", counts);
        System.out.printf("%-11s one week, every project, manager and the fleet: mean %.1f s, max %.1f s over %d "
                + "weeks (goal < %.0f s: %s)%n", "weekly", weeks.mean(), weeks.max(), (long) weeks.count(),
                GOAL_WEEK_SECONDS, judged(weeks.max() < GOAL_WEEK_SECONDS));
        System.out.printf("%-11s one month, every project, manager and the fleet: mean %.1f s over %d months%n",
                "monthly", months.mean(), (long) months.count());
    }

    void downloads(Stats millis) {
        System.out.printf("%-11s one project's monthly statement (list + CSV) as its researcher: p50 %.1f ms, p95 %.1f "
                + "ms, p99 %.1f ms, max %.1f ms (goal p95 < %.0f ms: %s)%n", "download", millis.median(), millis.p95(),
                millis.p99(), millis.max(), GOAL_MONTHLY_P95_MILLIS, judged(millis.p95() < GOAL_MONTHLY_P95_MILLIS));
    }

    void retention(Optional<WorkerTimer> run, Map<String, TableSizes.Size> before, Map<String, TableSizes.Size> after) {
        System.out.printf("%-11s %s%n", "retention", run.map(timer -> String.format("one run, every table: %.1f s "
                + "(goal < %.0f s: %s)", timer.sum(), GOAL_RETENTION_SECONDS,
                judged(timer.sum() < GOAL_RETENTION_SECONDS))).orElse("NO run within the patience"));
        System.out.printf("%-11s %-20s %12s %14s %12s %14s%n", "tables", "", "before MiB", "before rows",
                "after MiB", "after rows");
        before.forEach((table, size) -> System.out.printf("%-11s %-20s %,12.1f %,14d %,12.1f %,14d%n", "", table,
                size.bytes() / 1048576.0, size.rows(), after.get(table).bytes() / 1048576.0, after.get(table).rows()));
    }

    boolean verdict(Optional<WorkerTimer[]> rounds, Stats downloads, Optional<WorkerTimer> retention) {
        boolean ran = rounds.isPresent() && retention.isPresent();
        return ran && (options.smoke() || rounds.get()[0].max() < GOAL_WEEK_SECONDS
                && downloads.p95() < GOAL_MONTHLY_P95_MILLIS && retention.get().sum() < GOAL_RETENTION_SECONDS);
    }

    private String judged(boolean met) {
        return options.smoke() ? "not judged" : met ? "met" : "NOT met";
    }
}
