package org.aitelemetry.worker.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.VerdictChange.Scope;
import org.aitelemetry.worker.sql.Columns;
import org.aitelemetry.worker.sql.SqlValues;

/**
 * Applies runs' GPU scores to the fleet, in the caller's transaction: each known GPU's verdict
 * ({@link DeviceVerdicts}), then the verdicts of the nodes concerned, and says which changed. Nodes are locked before
 * their GPUs, parents first like the fleet sync, so that concurrent writers queue instead of deadlocking; the locks are
 * FOR NO KEY UPDATE because the run's own rows already hold key-share locks on them through their foreign keys, which
 * FOR UPDATE conflicts with: two runs of one node would each wait for the other (found by bin/benchmark health).
 */
@ApplicationScoped
public class VerdictStore {

    private final DeviceVerdicts devices;

    VerdictStore(DeviceVerdicts devices) {
        this.devices = devices;
    }

    /** Applies the runs of a batch, which holds no GPU and no node twice; each change names the run that caused it. */
    public Uni<List<VerdictChange>> apply(SqlConnection connection, List<ScoredRun> runs) {
        String[] uuids = runs.stream().flatMap(run -> run.scores().stream()).map(GpuScore::uuid).toArray(String[]::new);
        Long[] runNodes = runs.stream().map(ScoredRun::nodeId).filter(Objects::nonNull).toArray(Long[]::new);
        Tuple lock = Tuple.tuple().addArrayOfString(uuids).addArrayOfLong(runNodes);
        return connection.preparedQuery(HealthSql.LOCK_NODES).execute(lock)
                .map(rows -> DeviceVerdicts.stream(rows).map(row -> row.getLong("id")).toArray(Long[]::new))
                .chain(nodeIds -> devices.apply(connection, runs)
                        .chain(gpuChanges -> updateNodes(connection, nodeIds, runs).map(nodeChanges -> {
                            List<VerdictChange> changes = new ArrayList<>(gpuChanges);
                            changes.addAll(nodeChanges);
                            return changes;
                        })));
    }

    private static Uni<List<VerdictChange>> updateNodes(SqlConnection connection, Long[] nodeIds,
            List<ScoredRun> runs) {
        Tuple lookup = Tuple.tuple().addArrayOfLong(nodeIds);
        return connection.preparedQuery(HealthSql.NODE_GPUS).execute(lookup).chain(rows -> {
            Map<Long, List<Row>> byNode = new LinkedHashMap<>();
            rows.forEach(row -> byNode.computeIfAbsent(row.getLong("id"), id -> new ArrayList<>()).add(row));
            RunOfNode runOfNode = new RunOfNode(runs);
            List<Long> ids = new ArrayList<>();
            List<NodeHealth.Verdict> verdicts = new ArrayList<>();
            List<OffsetDateTime> times = new ArrayList<>();
            List<VerdictChange> changes = new ArrayList<>();
            byNode.forEach((id, gpus) -> {
                NodeHealth.Verdict verdict = NodeHealth.of(gpus.stream().map(gpu -> new NodeHealth.Gpu(
                        gpu.getString("uuid"), gpu.getInteger("gpu_index"),
                        HealthVerdict.valueOf(gpu.getString("gpu_health")))).toList());
                ScoredRun run = runOfNode.of(id, gpus.stream().map(gpu -> gpu.getString("uuid")).toList());
                ids.add(id);
                verdicts.add(verdict);
                times.add(SqlValues.utc(run.at()));
                Row node = gpus.get(0);
                HealthVerdict previous = HealthVerdict.valueOf(node.getString("health"));
                if (previous != verdict.verdict()) {
                    changes.add(new VerdictChange(Scope.NODE, node.getString("cluster"), node.getString("name"), null,
                            previous, verdict.verdict(), List.of(verdict.reason()), run.runId(), run.at()));
                }
            });
            Tuple update = Tuple.tuple().addArrayOfLong(ids.toArray(Long[]::new))
                    .addArrayOfString(Columns.text(verdicts, verdict -> verdict.verdict().name()))
                    .addArrayOfString(Columns.text(verdicts, verdict -> DeviceVerdicts.cut(verdict.reason())))
                    .addArrayOfOffsetDateTime(times.toArray(OffsetDateTime[]::new));
            return connection.preparedQuery(HealthSql.UPDATE_NODES).execute(update).replaceWith(changes);
        });
    }

    /**
     * The run a node's new verdict comes from: the run linked to the node, else the run of one of its GPUs (a GPU
     * reported by a run linked elsewhere, e.g. moved since).
     */
    private static final class RunOfNode {

        private final List<ScoredRun> runs;
        private final Map<Long, ScoredRun> byNode = new HashMap<>();
        private final Map<String, ScoredRun> byGpu = new HashMap<>();

        RunOfNode(List<ScoredRun> runs) {
            this.runs = runs;
            runs.forEach(run -> {
                if (run.nodeId() != null) {
                    byNode.put(run.nodeId(), run);
                }
                run.scores().forEach(score -> byGpu.put(score.uuid(), run));
            });
        }

        ScoredRun of(long nodeId, List<String> gpus) {
            ScoredRun run = byNode.get(nodeId);
            if (run != null) {
                return run;
            }
            return gpus.stream().map(byGpu::get).filter(Objects::nonNull).findFirst().orElse(runs.get(0));
        }
    }
}
