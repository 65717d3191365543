package org.aitelemetry.worker.probe;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.config.SelfTracing;
import org.aitelemetry.worker.health.Advice;
import org.aitelemetry.worker.health.FleetBaselines;
import org.aitelemetry.worker.health.FleetComparison;
import org.aitelemetry.worker.health.GpuHistory;
import org.aitelemetry.worker.health.GpuScore;
import org.aitelemetry.worker.health.GpuTests;
import org.aitelemetry.worker.health.HealthScorer;
import org.aitelemetry.worker.health.Remediation;
import org.aitelemetry.worker.health.RerunRequests;
import org.aitelemetry.worker.health.ScoredRun;
import org.aitelemetry.worker.health.VerdictChange;
import org.aitelemetry.worker.health.VerdictStore;
import org.aitelemetry.worker.probe.ProbeRunStore.Inserted;
import org.aitelemetry.worker.probe.ProbeRunStore.Scored;

/**
 * Stores and scores a batch of probe runs in one transaction: the runs, their per-GPU results, the verdicts they give
 * the fleet and a re-run for each node whose run could not judge a GPU are durable together or not at all. A run
 * stored already changes nothing and answers as stored. Each statement takes the whole batch, so that round trips,
 * planning and the commit are paid per batch rather than per run ({@link ProbeRunBatches} forms the batches).
 */
@ApplicationScoped
public class ProbeRunIngest {

    /** What a post did: {@code created} false for a replay, whose {@code changes} are empty. */
    public record Outcome(boolean created, StoredRun run, List<VerdictChange> changes) {
    }

    private final Pool pool;
    private final ProbeRunStore store;
    private final HealthScorer scorer;
    private final FleetBaselines fleet;
    private final VerdictStore verdicts;
    private final Remediation remediation;
    private final RerunRequests reruns;

    ProbeRunIngest(Pool pool, ProbeRunStore store, HealthScorer scorer, FleetBaselines fleet, VerdictStore verdicts,
            Remediation remediation, RerunRequests reruns) {
        this.pool = pool;
        this.store = store;
        this.scorer = scorer;
        this.fleet = fleet;
        this.verdicts = verdicts;
        this.remediation = remediation;
        this.reruns = reruns;
    }

    /**
     * @param runs runs of distinct nodes with no GPU in two of them
     * @return each run's outcome, in the order of runs
     */
    @WithSpan("ProbeRunIngest.ingest")
    public Uni<List<Outcome>> ingest(List<PostedRun> runs) {
        Span.current().setAttribute(SelfTracing.PROBE_RUNS, runs.size());
        List<ProbeReport> reports = runs.stream().map(PostedRun::report).toList();
        List<String> products = reports.stream().flatMap(report -> report.gpus().stream())
                .map(gpu -> gpu.tests().productName()).filter(Objects::nonNull).distinct().toList();
        return pool.withTransaction(connection -> store.history(connection, reports)
                .chain(history -> fleet.comparison(connection, products)
                        .map(comparison -> runs.stream().map(run -> score(run, history, comparison)).toList()))
                .chain(scored -> store.insertRuns(connection, scored)
                        .chain(inserted -> apply(connection, scored, inserted))));
    }

    private Scored score(PostedRun run, Map<UUID, Map<String, GpuHistory>> history, FleetComparison comparison) {
        List<GpuTests> gpus = run.report().gpus().stream().map(GpuReport::tests).toList();
        List<GpuScore> scores = scorer.score(gpus, history.getOrDefault(run.report().runId(), Map.of()), comparison);
        Map<String, List<Advice>> advice = new LinkedHashMap<>();
        scores.forEach(score -> advice.put(score.uuid(), remediation.advise(score.evidence())));
        return new Scored(run, scores, runVerdict(scores), advice);
    }

    private Uni<List<Outcome>> apply(SqlConnection connection, List<Scored> scored, Map<UUID, Inserted> inserted) {
        List<ScoredRun> applied = scored.stream().filter(run -> inserted.containsKey(run.report().runId()))
                .map(run -> new ScoredRun(run.report().runId(), run.report().finishedAt(),
                        inserted.get(run.report().runId()).nodeId(), run.scores())).toList();
        List<Scored> created = scored.stream().filter(run -> inserted.containsKey(run.report().runId())).toList();
        List<Long> rerunNodes = applied.stream().filter(run -> run.scores().stream().anyMatch(GpuScore::needsRerun))
                .map(ScoredRun::nodeId).filter(Objects::nonNull).distinct().toList();
        Uni<Map<UUID, Outcome>> createdOutcomes = created.isEmpty() ? Uni.createFrom().item(Map.of())
                : store.insertResults(connection, created, inserted)
                        .call(() -> reruns.request(connection, rerunNodes))
                        .chain(stored -> verdicts.apply(connection, applied).map(changes -> {
                            Map<UUID, Outcome> outcomes = new HashMap<>();
                            stored.forEach(run -> outcomes.put(run.runId(), new Outcome(true, run, changes.stream()
                                    .filter(change -> change.runId().equals(run.runId())).toList())));
                            return outcomes;
                        }));
        return createdOutcomes.chain(outcomes -> Multi.createFrom().iterable(scored)
                .onItem().transformToUniAndConcatenate(run -> outcomes.containsKey(run.report().runId())
                        ? Uni.createFrom().item(outcomes.get(run.report().runId()))
                        : store.load(connection, run.report().runId()).map(stored -> new Outcome(false, stored,
                                List.of())))
                .collect().asList());
    }

    /** NO_GPU when the probe found none (it still reports its CPU tests), else the worst GPU verdict of the run. */
    static String runVerdict(List<GpuScore> scores) {
        if (scores.isEmpty()) {
            return "NO_GPU";
        }
        return scores.stream().map(GpuScore::verdict).reduce(HealthVerdict.HEALTHY, HealthScorer::worse).name();
    }
}
