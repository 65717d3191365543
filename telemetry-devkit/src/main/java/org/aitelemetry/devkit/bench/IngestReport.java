package org.aitelemetry.devkit.bench;

import java.util.List;
import java.util.stream.Collectors;

/** The ingest benchmark's printed figures, one labelled line per finding, and the verdict on what was stored. */
final class IngestReport {

    /** acceptance.md, alert ingest. */
    private static final int MUST_RATE = 5_000;
    private static final int GOAL_RATE = 20_000;
    private static final double P99_MILLIS = 50;
    private static final int MIN_JUDGED_SECONDS = 10;

    private final IngestOptions options;

    IngestReport(IngestOptions options) {
        this.options = options;
    }

    void header(String workerJvm, String postgresSettings) {
        System.out.printf("Alert ingest, packaged worker (%s)%s, PostgreSQL 16 (%s), %d cores; %d senders, batches of "
                + "%d-%d alerts, %.0f %% re-sent firings, %d nodes x %d open sessions; warm-up %d s, measured %d s; "
                + "%s%n",
                workerJvm, options.replicas() > 1 ? " x " + options.replicas() + " replicas" : "", postgresSettings,
                Runtime.getRuntime().availableProcessors(), options.senders(), options.batchMin(), options.batchMax(),
                options.duplicateShare() * 100, options.nodes(), options.openPerNode(), options.warmupSeconds(),
                options.seconds(), options.rate() > 0
                        ? "offered " + options.rate() + " alerts/s (paced)" : "closed loop");
    }

    void authCheck(String answers) {
        System.out.printf("%-11s %s%n", "tokens", answers);
    }

    void load(WebhookLoad.Result result, CpuSample cpu, long rssMib) {
        Tally measured = result.measured();
        double batchesPerSecond = measured.requests() / result.measuredSeconds();
        System.out.printf("%-11s %,d alerts in %.1f s = %,.0f alerts/s sustained; %,.1f batches/s of %.1f alerts%n",
                "measured", measured.alerts(), result.measuredSeconds(), measured.alerts() / result.measuredSeconds(),
                batchesPerSecond, measured.requests() == 0 ? 0.0 : (double) measured.alerts() / measured.requests());
        Stats millis = measured.millis();
        if (millis != null) {
            System.out.printf("%-11s p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms (per batch, sent to answered)%n",
                    "latency", millis.median(), millis.p95(), millis.p99(), millis.max());
            targets(measured.alerts() / result.measuredSeconds(), millis.p99());
        }
        System.out.printf("%-11s %s (every phase)%s%n", "answers", result.outcomes().entrySet().stream()
                .map(outcome -> outcome.getKey() + " x " + String.format("%,d", outcome.getValue()))
                .collect(Collectors.joining(", ")), result.failures() > 0 ? "  FAILED REQUESTS" : "");
        double seconds = result.measuredSeconds();
        System.out.printf("%-11s worker %.2f, PostgreSQL %.2f, load generator %.2f cores busy while measuring "
                + "(worker CPU: %.0f us per alert, %.0f us per batch)%n", "cpu", cpu.worker() / seconds,
                cpu.postgres() / seconds, cpu.generator() / seconds,
                measured.alerts() == 0 ? 0.0 : cpu.worker() * 1e6 / measured.alerts(),
                measured.requests() == 0 ? 0.0 : cpu.worker() * 1e6 / measured.requests());
        System.out.printf("%-11s %d MiB at the end of the measured phase%s%n", "worker RSS", rssMib,
                options.replicas() > 1 ? " (replicas together; CPU too)" : "");
    }

    /**
     * The backlog of unprocessed notifications over the measured phase, sample by sample, and the end-to-end verdict:
     * the goal is met only when notifications are processed at the goal rate and the backlog does not grow.
     */
    void backlog(List<BacklogTrend.Sample> samples) {
        System.out.printf("%-11s %8s %12s %12s %12s %10s%n", "backlog", "seconds", "stored", "accepted/s", "processed/s",
                "pending");
        for (int i = 0; i < samples.size(); i++) {
            BacklogTrend.Sample sample = samples.get(i);
            BacklogTrend step = i == 0 ? null : BacklogTrend.of(samples.subList(i - 1, i + 1));
            System.out.printf("%-11s %8.1f %,12d %12s %12s %,10d%n", "", sample.seconds(), sample.stored(),
                    step == null ? "" : String.format("%,.0f", step.acceptedPerSecond()),
                    step == null ? "" : String.format("%,.0f", step.processedPerSecond()), sample.pending());
        }
        if (samples.size() < 2) {
            return;
        }
        BacklogTrend trend = BacklogTrend.of(samples);
        System.out.printf("%-11s accepted %,.0f alerts/s, turned into sessions %,.0f/s; backlog %,d -> %,d (%+,.0f/s): "
                + "%s%n", "end to end", trend.acceptedPerSecond(), trend.processedPerSecond(), trend.backlogAtStart(),
                trend.backlogAtEnd(), trend.backlogSlopePerSecond(), trend.growing() ? "GROWING" : "flat");
        if (options.seconds() >= MIN_JUDGED_SECONDS) {
            boolean kept = !trend.growing();
            System.out.printf("%-11s processed >= %,d/s with a flat backlog: %s; goal >= %,d: %s%n", "targets",
                    MUST_RATE, verdict(kept && trend.processedPerSecond() >= MUST_RATE), GOAL_RATE,
                    verdict(kept && trend.processedPerSecond() >= GOAL_RATE));
        }
    }

    /** Prints what PostgreSQL holds against what was sent; true when nothing is missing. */
    boolean stored(WebhookLoad.Result result, IngestRows rows, long pending, double drainSeconds) {
        long acknowledged = result.accepted().alerts();
        boolean allStored = rows.notifications() == acknowledged;
        System.out.printf("%-11s %,d alerts acknowledged, %,d alert_notification rows: %s; %,d batches (+1 of the "
                + "token check), %,d alert_batch rows%n", "stored", acknowledged, rows.notifications(),
                allStored ? "0 lost" : "MISMATCH (" + (acknowledged - rows.notifications()) + " lost)",
                result.accepted().requests(), rows.batches());
        System.out.printf("%-11s %,d sent, each fired and resolved (%,d resolves); %,d firings re-sent%n", "sessions",
                result.sessionsOpened(), result.resolved(), result.duplicates());
        if (pending > 0) {
            System.out.printf("%-11s NOT DRAINED: %,d of %,d notifications still pending (alert_pending) after "
                    + "%d s: session processing is behind the offered rate (durable, it goes on); sessions are not "
                    + "judged (usage_session: %,d rows)%n", "processing", pending, rows.notifications(), options.drainSeconds(), rows.sessions());
            return allStored && result.failures() == 0;
        }
        boolean sessionsMatch = rows.sessions() == result.sessionsOpened() && rows.closedSessions() == result.resolved();
        System.out.printf("%-11s drained %.1f s after the last answer: usage_session %,d rows (%,d closed), duplicates "
                + "counted %,d; %s%n", "processing", drainSeconds, rows.sessions(), rows.closedSessions(),
                rows.countedDuplicates(), sessionsMatch ? "every session present and closed" : "SESSIONS MISMATCH");
        return allStored && result.failures() == 0 && sessionsMatch;
    }

    /**
     * The whole pipeline's cost: CPU from the first batch (warm-up included) until every notification was processed,
     * per alert acknowledged. Unlike the measured phase's figure it does not depend on how far session processing
     * lagged behind the load while measuring, so it is the one to compare builds by.
     */
    void pipeline(WebhookLoad.Result result, CpuSample cpu) {
        long acknowledged = result.accepted().alerts();
        System.out.printf("%-11s first batch to drained: worker %.1f s, PostgreSQL %.1f s of CPU = %.0f us and %.0f us "
                + "per alert acknowledged (ingest, sessions, spans)%n", "pipeline", cpu.worker(), cpu.postgres(),
                cpu.worker() * 1e6 / acknowledged, cpu.postgres() * 1e6 / acknowledged);
    }

    void floor(RoundTripFloor.Result floor, CpuSample cpu, WebhookLoad.Result ingest) {
        Stats floorMillis = floor.tally().millis();
        Stats ingestMillis = ingest.measured().millis();
        if (floorMillis == null || ingestMillis == null) {
            System.out.printf("%-11s no answers to compare (%d failures)%n", "floor", floor.failures());
            return;
        }
        double floorRate = floor.tally().requests() / floor.seconds();
        System.out.printf("%-11s GET /q/health/live, %d senders, %d s: %,.0f requests/s, p50 %.2f ms, p99 %.2f ms, "
                + "%.0f us of worker CPU per request%s; an ingest batch takes %.0fx its p50, ingest answers %.0fx fewer "
                + "requests/s%n", "floor", options.senders(), options.floorSeconds(), floorRate, floorMillis.median(),
                floorMillis.p99(), floor.answered() == 0 ? 0.0 : cpu.worker() * 1e6 / floor.answered(),
                floor.failures() > 0 ? " (" + floor.failures() + " failures)" : "",
                ingestMillis.median() / floorMillis.median(),
                floorRate / (ingest.measured().requests() / ingest.measuredSeconds()));
    }

    private void targets(double alertsPerSecond, double p99Millis) {
        if (options.seconds() < MIN_JUDGED_SECONDS) {
            System.out.printf("%-11s not judged: a measured phase under %d s says nothing about them%n", "targets",
                    MIN_JUDGED_SECONDS);
            return;
        }
        System.out.printf("%-11s must >= %,d alerts/s: %s; goal >= %,d: %s; p99 < %.0f ms: %s%n", "targets", MUST_RATE,
                verdict(alertsPerSecond >= MUST_RATE), GOAL_RATE, verdict(alertsPerSecond >= GOAL_RATE), P99_MILLIS,
                verdict(p99Millis < P99_MILLIS));
    }

    private static String verdict(boolean met) {
        return met ? "met" : "NOT met";
    }
}
