package org.aitelemetry.devkit.bench;

import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.devkit.keycloak.DemoUser;

/**
 * The dashboards benchmark's printed figures: a line per page and person as it is measured, then one Markdown table
 * with the floor, ready for docs/benchmarks.md, and the comparison with the target.
 */
final class DashboardReport {

    /** acceptance.md, dashboards: server time p95 under 150 ms. */
    private static final double P95_MILLIS = 150;
    private static final String FLOOR = "floor: `GET /q/health/live`";

    /** One measured page as one person, or the floor (no person: it needs no sign-in). */
    private record Row(String what, DemoUser user, PageLoad.Phases phases) {

        PageLoad.Result measured() {
            return phases.measured();
        }

        CpuSample cpu() {
            return phases.cpu();
        }

        String who() {
            return user == null ? "-" : user.username();
        }
    }

    private final DashboardOptions options;
    private final List<Row> pages = new ArrayList<>();
    private Row floor;

    DashboardReport(DashboardOptions options) {
        this.options = options;
    }

    void header(String siteJvm) {
        System.out.printf("Dashboards, packaged site (%s), Keycloak 26 code-flow sessions, PostgreSQL 16, %d cores; "
                + "closed loop, %d clients per page and person; %,d warm-up then %,d measured requests each. Time: "
                + "from sending the GET to the last byte of the HTML, on loopback%n", siteJvm,
                Runtime.getRuntime().availableProcessors(), options.clients(), options.warmup(), options.requests());
    }

    void seeded(ApiFleetSeeder.Seeded seeded) {
        ApiReport.seeded(options.scale(), seeded);
    }

    /** A page that printed an empty table instead of rows: not measured, the run fails. */
    void refused(DashboardPage page, String path, DemoUser user, List<String> emptyTables) {
        System.out.printf("%-11s %s (%s) as %s shows empty tables (%s): the seeded fleet does not fill it%n",
                "NOT MEASURED", page.title(), path, user.username(), String.join("; ", emptyTables));
    }

    void page(DashboardPage page, String path, DemoUser user, PageLoad.Phases phases) {
        Row row = new Row(page.title() + " `" + path + "`", user, phases);
        pages.add(row);
        print(row);
    }

    void floor(PageLoad.Phases phases) {
        floor = new Row(FLOOR, null, phases);
        print(floor);
    }

    /** The table and the verdict; {@code rssMib} is the site's resident memory after the pages. */
    void end(long rssMib) {
        System.out.printf("%-11s %d MiB after the pages%n", "site RSS", rssMib);
        System.out.println();
        System.out.println("| page | person | requests | requests/s | p50 ms | p95 ms | p99 ms | max ms | errors "
                + "| site CPU ms/request | PostgreSQL CPU ms/request | HTML KiB |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        pages.forEach(DashboardReport::tableRow);
        if (floor != null) {
            tableRow(floor);
        }
        System.out.println();
        target();
    }

    private void target() {
        if (!options.judged()) {
            System.out.printf("%-11s not judged: only the acceptance fleet with at least %,d measured requests per "
                    + "page is%n", "target", DashboardOptions.MIN_JUDGED_REQUESTS);
            return;
        }
        for (Row row : pages) {
            Stats millis = row.measured().tally().millis();
            boolean met = millis != null && millis.p95() < P95_MILLIS && row.phases().failures() == 0;
            System.out.printf("%-11s p95 < %.0f ms, %s as %s: %s%n", "target", P95_MILLIS, row.what(),
                    row.who(), met ? "met" : "NOT met");
        }
    }

    private static void print(Row row) {
        PageLoad.Result measured = row.measured();
        Stats millis = measured.tally().millis();
        System.out.printf("%-11s %s%s: %,d answered in %.1f s, %.1f requests/s; %s%n", "measured", row.what(),
                row.user() == null ? "" : " as " + row.who(), measured.tally().requests(), measured.seconds(), measured.requestsPerSecond(),
                millis == null ? "no 200 answers" : String.format("p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms",
                        millis.median(), millis.p95(), millis.p99(), millis.max()));
        if (row.phases().failures() > 0) {
            System.out.printf("%-11s warm-up %s; measured %s  FAILED REQUESTS%n", "answers",
                    ApiReport.outcomes(row.phases().warmup().outcomes()), ApiReport.outcomes(measured.outcomes()));
            String failed = measured.failed() != null ? measured.failed() : row.phases().warmup().failed();
            System.out.printf("%-11s %s%n", "failed", failed);
        }
        double seconds = measured.seconds();
        System.out.printf("%-11s site %.2f, PostgreSQL %.2f, load generator %.2f cores busy%n", "cpu",
                row.cpu().worker() / seconds, row.cpu().postgres() / seconds, row.cpu().generator() / seconds);
    }

    private static void tableRow(Row row) {
        PageLoad.Result measured = row.measured();
        Stats millis = measured.tally().millis();
        int requests = Math.max(1, measured.tally().requests());
        System.out.printf("| %s | %s | %,d | %.1f | %s | %,d | %.1f | %.1f | %.1f |%n", row.what(),
                row.who(), measured.tally().requests(), measured.requestsPerSecond(),
                millis == null ? "- | - | - | -" : String.format("%.1f | %.1f | %.1f | %.1f", millis.median(),
                        millis.p95(), millis.p99(), millis.max()), row.phases().failures(),
                row.cpu().worker() * 1000 / requests, row.cpu().postgres() * 1000 / requests,
                measured.bodyBytes() / 1024.0);
    }
}
