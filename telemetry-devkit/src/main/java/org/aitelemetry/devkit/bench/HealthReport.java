package org.aitelemetry.devkit.bench;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The health benchmark's printed figures, one labelled line per finding, with the goals beside them. */
final class HealthReport {

    /** acceptance.md, health. */
    private static final double GOAL_RUNS_PER_SECOND = 200;
    private static final double GOAL_TAINT_P99_MILLIS = 2000;
    private static final double GOAL_BASELINE_SECONDS = 1;

    private final HealthOptions options;

    HealthReport(HealthOptions options) {
        this.options = options;
    }

    void header(String workerJvm) {
        System.out.printf("Health, packaged worker (%s), PostgreSQL 16, fabric8 mock Kubernetes API (CRUD) as the API "
                + "server's stand-in, %d cores; %,d nodes x %d GPUs (%s); %d concurrent posters, closed loop; "
                + "warm-up %,d runs, measured %,d runs; %d nodes post a failed run%s%n", workerJvm,
                Runtime.getRuntime().availableProcessors(), options.nodes(), options.gpusPerNode(), HealthFleet.PRODUCT,
                options.concurrency(), options.warmupRuns(), options.runs(), options.failingNodes(),
                options.smoke() ? "; SMOKE: targets not judged" : "");
    }

    void seeded(double seconds, int baselineGpus) {
        System.out.printf("%-11s fleet rows, %,d Nodes in the mock API, %,d baseline GPUs' healthy results: %.1f s%n",
                "seeded", options.nodes(), baselineGpus, seconds);
    }

    void notInBuild(Set<String> keys) {
        System.out.printf("%-11s the worker refused %s: not in this build; started again without them%n", "config",
                String.join(", ", keys));
    }

    void load(ProbeRunLoad.Result result, CpuSample cpu) {
        Tally measured = result.measured();
        double rate = measured.requests() / result.measuredSeconds();
        System.out.printf("%-11s %,d runs (%,d GPU results) stored and scored in %.1f s = %,.1f runs/s (goal >= %.0f: "
                + "%s)%n", "measured", measured.requests(), (long) measured.requests() * options.gpusPerNode(),
                result.measuredSeconds(), rate, GOAL_RUNS_PER_SECOND, judged(rate >= GOAL_RUNS_PER_SECOND));
        Stats millis = measured.millis();
        if (millis != null) {
            System.out.printf("%-11s p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms (post to 201)%n", "latency",
                    millis.median(), millis.p95(), millis.p99(), millis.max());
        }
        double seconds = result.measuredSeconds();
        System.out.printf("%-11s worker %.2f, PostgreSQL %.2f, load generator and mock API %.2f cores busy while "
                + "measuring (worker CPU: %.1f ms per run)%n", "cpu", cpu.worker() / seconds, cpu.postgres() / seconds,
                cpu.generator() / seconds, measured.requests() == 0 ? 0.0 : cpu.worker() * 1e3 / measured.requests());
    }

    void taints(TaintWatch watch, int unseen, long everyMillis) {
        Stats millis = watch.millis();
        String figures = millis == null ? "none seen" : String.format("p50 %.0f ms, p99 %.0f ms, max %.0f ms",
                millis.median(), millis.p99(), millis.max());
        System.out.printf("%-11s %d failed runs, one every %d ms from the start of the measured phase; post -> taint "
                + "%s and %s=False on the Node: %s (goal p99 < %.0f ms: %s)%s%n", "taint", watch.posted(), everyMillis,
                TaintWatch.TAINT, TaintWatch.CONDITION, figures, GOAL_TAINT_P99_MILLIS,
                judged(millis != null && millis.p99() < GOAL_TAINT_P99_MILLIS),
                unseen > 0 ? "; NEVER SEEN on " + unseen + " nodes" : "");
    }

    void stored(HealthRows rows, Map<String, Integer> outcomes, long failures) {
        System.out.printf("%-11s %s (every phase)%s%n", "answers", outcomes.entrySet().stream()
                .map(outcome -> outcome.getKey() + " x " + String.format("%,d", outcome.getValue()))
                .collect(Collectors.joining(", ")), failures > 0 ? "  FAILED REQUESTS" : "");
        System.out.printf("%-11s %,d runs acknowledged (201): %s in probe_run, %s with a probe_result row per GPU, %,d "
                + "not linked to their node; verdicts on %,d nodes and %,d GPUs; results of %,d GPUs in all%n",
                "stored", rows.acknowledged(), rows.missing() == 0 ? "all" : "MISSING " + rows.missing(),
                rows.incomplete() == 0 ? "all" : "INCOMPLETE " + rows.incomplete(), rows.unlinked(),
                rows.scoredNodes(), rows.scoredGpus(), rows.resultGpus());
        System.out.printf("%-11s %s%n", "lost", rows.complete() ? "0" : "RUNS LOST");
    }

    void baseline(Optional<WorkerTimer> before, Optional<WorkerTimer> after, long gpusWithResults) {
        if (after.isEmpty()) {
            System.out.printf("%-11s not available in this build (no %s in /q/metrics)%n", "baseline",
                    HealthBenchmark.BASELINE_TIMER);
            return;
        }
        WorkerTimer timer = after.get();
        double quiet = before.map(timer::meanSince).orElse(Double.NaN);
        double mean = Double.isNaN(quiet) ? timer.sum() / timer.count() : quiet;
        System.out.printf("%-11s fleet-relative recompute over the results of %,d GPUs: %.0f runs, mean %.3f s %s, "
                + "max %.3f s (goal < %.0f s: %s)%n", "baseline", gpusWithResults, timer.count(), mean,
                Double.isNaN(quiet) ? "(all, under load too)" : "(after the load)", timer.max(), GOAL_BASELINE_SECONDS,
                judged(mean < GOAL_BASELINE_SECONDS));
    }

    private String judged(boolean met) {
        return options.smoke() ? "not judged" : met ? "met" : "NOT met";
    }
}
