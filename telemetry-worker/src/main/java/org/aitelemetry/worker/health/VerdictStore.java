package org.aitelemetry.worker.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.VerdictChange.Scope;

/**
 * Applies runs' GPU scores to the fleet, in the caller's transaction: each known GPU's verdict
 * ({@link DeviceVerdicts}), then the verdicts of the nodes concerned, and says which changed. Nodes are locked before
 * their GPUs, parents first like the fleet sync, so that concurrent writers queue instead of deadlocking; the locks are
 * FOR NO KEY UPDATE because the run's own rows already hold key-share locks on them through their foreign keys, which
 * FOR UPDATE conflicts with: two runs of one node would each wait for the other (found by bin/benchmark health).
 */
@ApplicationScoped
public class VerdictStore {

    private static final String LOCK_NODES = """
            SELECT id FROM ai_node WHERE id = ANY($2) OR id IN (SELECT node_id FROM gpu_device WHERE uuid = ANY($1))
            ORDER BY id FOR NO KEY UPDATE""";
    private static final String NODE_GPUS = """
            SELECT n.id, n.name, c.name AS cluster, n.health, d.uuid, d.gpu_index, d.health AS gpu_health
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            JOIN gpu_device d ON d.node_id = n.id AND d.state = 'PRESENT' AND d.health <> 'UNKNOWN'
            WHERE n.id = ANY($1) ORDER BY n.id, d.gpu_index NULLS LAST, d.uuid""";
    /** A node's verdict time never stays in the future: a future time stored before times were checked is replaced. */
    private static final String UPDATE_NODES = """
            UPDATE ai_node n SET health = u.verdict, health_reason = u.reason,
                   health_at = GREATEST(CASE WHEN n.health_at > now() THEN NULL ELSE n.health_at END, u.at)
            FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[]) AS u(id, verdict, reason, at)
            WHERE n.id = u.id""";

    private final DeviceVerdicts devices;

    VerdictStore(DeviceVerdicts devices) {
        this.devices = devices;
    }

    /** Applies the runs of a batch, which holds no GPU and no node twice; each change names the run that caused it. */
    public Uni<List<VerdictChange>> apply(SqlConnection connection, List<ScoredRun> runs) {
        String[] uuids = runs.stream().flatMap(run -> run.scores().stream()).map(GpuScore::uuid).toArray(String[]::new);
        Long[] runNodes = runs.stream().map(ScoredRun::nodeId).filter(Objects::nonNull).toArray(Long[]::new);
        Tuple lock = Tuple.tuple().addArrayOfString(uuids).addArrayOfLong(runNodes);
        return connection.preparedQuery(LOCK_NODES).execute(lock)
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
        return connection.preparedQuery(NODE_GPUS).execute(Tuple.tuple().addArrayOfLong(nodeIds)).chain(rows -> {
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
                times.add(run.at().atOffset(ZoneOffset.UTC));
                Row node = gpus.get(0);
                HealthVerdict previous = HealthVerdict.valueOf(node.getString("health"));
                if (previous != verdict.verdict()) {
                    changes.add(new VerdictChange(Scope.NODE, node.getString("cluster"), node.getString("name"), null,
                            previous, verdict.verdict(), List.of(verdict.reason()), run.runId(), run.at()));
                }
            });
            Tuple update = Tuple.tuple().addArrayOfLong(ids.toArray(Long[]::new))
                    .addArrayOfString(verdicts.stream().map(verdict -> verdict.verdict().name()).toArray(String[]::new))
                    .addArrayOfString(verdicts.stream().map(verdict -> DeviceVerdicts.cut(verdict.reason()))
                            .toArray(String[]::new))
                    .addArrayOfOffsetDateTime(times.toArray(OffsetDateTime[]::new));
            return connection.preparedQuery(UPDATE_NODES).execute(update).replaceWith(changes);
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
