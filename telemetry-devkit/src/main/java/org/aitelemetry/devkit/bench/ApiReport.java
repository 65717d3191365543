package org.aitelemetry.devkit.bench;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * The API benchmark's printed figures: labelled lines, then a Markdown table per operation, ready for
 * docs/benchmarks.md.
 */
final class ApiReport {

    /** acceptance.md, API. */
    private static final double P99_MILLIS = 20;
    private static final int MIN_JUDGED_SECONDS = 30;

    private final ApiOptions options;

    ApiReport(ApiOptions options) {
        this.options = options;
    }

    void header(String siteJvm) {
        System.out.printf("API as a researcher, packaged site (%s), Keycloak 26 tokens, PostgreSQL 16, %d cores; "
                + "offered %d requests/s open loop (latency from the scheduled send), %d threads; warm-up %d s, "
                + "measured %d s%n", siteJvm, Runtime.getRuntime().availableProcessors(), options.rate(),
                options.threads(), options.warmupSeconds(), options.seconds());
        System.out.printf("%-11s %s%n", "mix", options.mix().describe());
    }

    void seeded(ApiFleetSeeder.Seeded seeded) {
        seeded(options.scale(), seeded);
    }

    static void seeded(ApiFleetScale scale, ApiFleetSeeder.Seeded seeded) {
        System.out.printf("%-11s %s in %.1f s (set-based SQL + VACUUM ANALYZE): %s%n", "seeded",
                ApiOptions.describe(scale), seeded.seconds(), seeded.rows().entrySet().stream()
                        .map(table -> String.format("%s %,d", table.getKey(), table.getValue()))
                        .collect(Collectors.joining(", ")));
    }

    void load(ApiLoad.Result result, CpuSample cpu, long rssMib) {
        Tally overall = result.overall();
        double seconds = result.timetable().measuredSeconds();
        System.out.printf("%-11s %,d requests measured, %.1f requests/s achieved (offered %d)%n", "measured",
                overall.requests(), result.achievedRate(), options.rate());
        System.out.printf("%-11s %s (every phase)%s%n", "answers", outcomes(result.outcomes()),
                result.failures() > 0 ? "  FAILED REQUESTS" : "");
        result.failed().forEach((operation, example) -> System.out.printf("%-11s %s%n", "failed", example));
        Stats millis = overall.millis();
        if (millis != null) {
            System.out.printf("%-11s %s%n", "latency", line(millis));
        }
        System.out.printf("%-11s site %.2f, PostgreSQL %.2f, load generator %.2f cores busy while measuring (site CPU: "
                + "%.0f us per request)%n", "cpu", cpu.worker() / seconds, cpu.postgres() / seconds,
                cpu.generator() / seconds, overall.requests() == 0 ? 0.0 : cpu.worker() * 1e6 / overall.requests());
        System.out.printf("%-11s %d MiB at the end of the measured phase%n", "site RSS", rssMib);
        table(result);
        if (millis != null) {
            target(millis.p99());
        }
    }

    void floor(ApiLoad.Result floor, ApiLoad.Result api) {
        Stats floorMillis = floor.overall().millis();
        Stats apiMillis = api.overall().millis();
        if (floorMillis == null || apiMillis == null) {
            System.out.printf("%-11s no answers to compare (%s)%n", "floor", outcomes(floor.outcomes()));
            return;
        }
        System.out.printf("%-11s GET /q/health/live (no token, no database) at %d requests/s for %d s: %s%s; the mix "
                + "takes %.1fx its p50 and %.1fx its p99%n", "floor", options.rate(), options.floorSeconds(),
                line(floorMillis), floor.failures() > 0 ? " (" + outcomes(floor.outcomes()) + ")" : "",
                apiMillis.median() / floorMillis.median(), apiMillis.p99() / floorMillis.p99());
    }

    private void table(ApiLoad.Result result) {
        System.out.println();
        System.out.println("| operation | share | requests | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        result.measured().forEach((operation, tally) -> {
            Stats millis = tally.millis();
            System.out.printf("| %s | %.0f %% | %,d | %s |%n", operation.key(), options.mix().share(operation) * 100,
                    tally.requests(), millis == null ? "- | - | - | - | -" : String.format(
                            "%.1f | %.1f | %.1f | %.1f | %.1f", millis.median(), millis.p90(), millis.p99(),
                            millis.p999(), millis.max()));
        });
        Stats all = result.overall().millis();
        if (all != null) {
            System.out.printf("| **all** | 100 %% | %,d | %.1f | %.1f | %.1f | %.1f | %.1f |%n",
                    result.overall().requests(), all.median(), all.p90(), all.p99(), all.p999(), all.max());
        }
        System.out.println();
    }

    private void target(double p99Millis) {
        if (options.seconds() < MIN_JUDGED_SECONDS || !options.mix().equals(ApiMix.standard())) {
            System.out.printf("%-11s not judged: only the standard mix measured for at least %d s is%n", "target",
                    MIN_JUDGED_SECONDS);
            return;
        }
        System.out.printf("%-11s p99 < %.0f ms at %d requests/s: %s%n", "target", P99_MILLIS, options.rate(),
                p99Millis < P99_MILLIS ? "met" : "NOT met");
    }

    private static String line(Stats millis) {
        return String.format("p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.2f ms", millis.median(),
                millis.p90(), millis.p99(), millis.p999(), millis.max());
    }

    static String outcomes(Map<String, Integer> outcomes) {
        return outcomes.entrySet().stream()
                .map(outcome -> outcome.getKey() + " x " + String.format("%,d", outcome.getValue()))
                .collect(Collectors.joining(", "));
    }
}
