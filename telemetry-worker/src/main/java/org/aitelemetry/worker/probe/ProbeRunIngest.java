package org.aitelemetry.worker.probe;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.Advice;
import org.aitelemetry.worker.health.FleetBaselines;
import org.aitelemetry.worker.health.GpuScore;
import org.aitelemetry.worker.health.GpuTests;
import org.aitelemetry.worker.health.HealthScorer;
import org.aitelemetry.worker.health.Remediation;
import org.aitelemetry.worker.health.RerunRequests;
import org.aitelemetry.worker.health.VerdictChange;
import org.aitelemetry.worker.health.VerdictStore;

/**
 * Stores and scores a probe run in one transaction: the run, its per-GPU results, the verdicts they give the fleet and
 * a re-run when the run could not judge a GPU are durable together or not at all. A run stored already changes nothing
 * and answers as stored.
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

    /** @param node the name of the node the run is linked by ({@link ProbeNodeScope#nodeOf}) */
    public Uni<Outcome> ingest(ProbeReport report, ProbeNodeScope.Node node) {
        List<GpuTests> gpus = report.gpus().stream().map(GpuReport::tests).toList();
        List<String> products = gpus.stream().map(GpuTests::productName).filter(Objects::nonNull).distinct().toList();
        return pool.withTransaction(connection -> store.history(connection, report)
                .chain(history -> fleet.comparison(connection, products)
                        .map(comparison -> scorer.score(gpus, history, comparison)))
                .chain(scores -> store.insertRun(connection, report, node, runVerdict(scores))
                        .chain(inserted -> inserted == null
                                ? store.load(connection, report.runId()).map(run -> new Outcome(false, run, List.of()))
                                : score(connection, report, inserted, runVerdict(scores), scores))));
    }

    private Uni<Outcome> score(SqlConnection connection, ProbeReport report, ProbeRunStore.Inserted inserted,
            String verdict, List<GpuScore> scores) {
        Map<String, List<Advice>> advice = new LinkedHashMap<>();
        scores.forEach(score -> advice.put(score.uuid(), remediation.advise(score.evidence())));
        boolean rerun = scores.stream().anyMatch(GpuScore::needsRerun);
        return store.insertResults(connection, report, inserted, verdict, scores, advice)
                .call(() -> rerun ? reruns.request(connection, inserted.nodeId()) : Uni.createFrom().voidItem())
                .chain(run -> verdicts.apply(connection, report.runId(), report.finishedAt(), inserted.nodeId(), scores)
                        .map(changes -> new Outcome(true, run, changes)));
    }

    /** NO_GPU when the probe found none (it still reports its CPU tests), else the worst GPU verdict of the run. */
    static String runVerdict(List<GpuScore> scores) {
        if (scores.isEmpty()) {
            return "NO_GPU";
        }
        return scores.stream().map(GpuScore::verdict).reduce(HealthVerdict.HEALTHY, HealthScorer::worse).name();
    }
}
