package org.aitelemetry.worker.probe;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.GpuScore;
import org.aitelemetry.worker.health.GpuTests;
import org.aitelemetry.worker.health.HealthScorer;
import org.aitelemetry.worker.health.VerdictChange;
import org.aitelemetry.worker.health.VerdictStore;

/**
 * Stores and scores a probe run in one transaction: the run, its per-GPU results and the verdicts they give the fleet
 * are durable together or not at all. A run stored already changes nothing and answers as stored.
 */
@ApplicationScoped
public class ProbeRunIngest {

    /** What a post did: {@code created} false for a replay, whose {@code changes} are empty. */
    public record Outcome(boolean created, StoredRun run, List<VerdictChange> changes) {
    }

    private final Pool pool;
    private final ProbeRunStore store;
    private final HealthScorer scorer;
    private final VerdictStore verdicts;

    ProbeRunIngest(Pool pool, ProbeRunStore store, HealthScorer scorer, VerdictStore verdicts) {
        this.pool = pool;
        this.store = store;
        this.scorer = scorer;
        this.verdicts = verdicts;
    }

    /** @param node the name of the node the run is linked by ({@link ProbeNodeScope#nodeOf}) */
    public Uni<Outcome> ingest(ProbeReport report, String node) {
        List<GpuTests> gpus = report.gpus().stream().map(GpuReport::tests).toList();
        return pool.withTransaction(connection -> store.previouslySlow(connection, report)
                .map(history -> scorer.score(gpus, history))
                .chain(scores -> store.insertRun(connection, report, node, runVerdict(scores))
                        .chain(inserted -> inserted == null
                                ? store.load(connection, report.runId()).map(run -> new Outcome(false, run, List.of()))
                                : score(connection, report, inserted, scores))));
    }

    private Uni<Outcome> score(SqlConnection connection, ProbeReport report, ProbeRunStore.Inserted inserted,
            List<GpuScore> scores) {
        return store.insertResults(connection, inserted.id(), report.gpus(), scores)
                .chain(() -> verdicts.apply(connection, report.runId(), report.finishedAt(), inserted.nodeId(), scores))
                .chain(changes -> store.load(connection, report.runId()).map(run -> new Outcome(true, run, changes)));
    }

    /** NO_GPU when the probe found none (it still reports its CPU tests), else the worst GPU verdict. */
    static String runVerdict(List<GpuScore> scores) {
        if (scores.isEmpty()) {
            return "NO_GPU";
        }
        return scores.stream().map(GpuScore::verdict).reduce(HealthVerdict.HEALTHY, HealthScorer::worse).name();
    }
}
