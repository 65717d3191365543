package org.aitelemetry.worker.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.VerdictChange.Scope;

/**
 * Applies a run's GPU verdicts to the fleet, in the caller's transaction: each known GPU's verdict, then the verdicts of
 * the nodes concerned, and says which changed. Nodes are locked before their GPUs, parents first like the fleet sync,
 * so that concurrent writers queue instead of deadlocking. A run older than the verdict a GPU already has (a retry that
 * arrives late) is stored but does not overwrite it.
 */
@ApplicationScoped
public class VerdictStore {

    private static final int REASON_WIDTH = 2000;

    private static final String LOCK_NODES = """
            SELECT id FROM ai_node WHERE id = $2 OR id IN (SELECT node_id FROM gpu_device WHERE uuid = ANY($1))
            ORDER BY id FOR UPDATE""";
    private static final String LOCK_DEVICES = """
            SELECT d.uuid, d.health, d.health_at, n.name AS node, c.name AS cluster
            FROM gpu_device d JOIN ai_node n ON n.id = d.node_id JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE d.uuid = ANY($1) ORDER BY d.id FOR UPDATE OF d""";
    private static final String UPDATE_DEVICES = """
            UPDATE gpu_device d SET health = u.verdict, health_reason = u.reason, health_at = $4
            FROM unnest($1::text[], $2::text[], $3::text[]) AS u(uuid, verdict, reason) WHERE d.uuid = u.uuid""";
    private static final String NODE_GPUS = """
            SELECT n.id, n.name, c.name AS cluster, n.health, d.uuid, d.gpu_index, d.health AS gpu_health
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            JOIN gpu_device d ON d.node_id = n.id AND d.state = 'PRESENT' AND d.health <> 'UNKNOWN'
            WHERE n.id = ANY($1) ORDER BY n.id, d.gpu_index NULLS LAST, d.uuid""";
    private static final String UPDATE_NODES = """
            UPDATE ai_node n SET health = u.verdict, health_reason = u.reason, health_at = GREATEST(n.health_at, $4)
            FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(id, verdict, reason) WHERE n.id = u.id""";

    /** @param at when the run finished: the time of the verdicts it gives */
    public Uni<List<VerdictChange>> apply(SqlConnection connection, UUID runId, Instant at, Long runNodeId,
            List<GpuScore> scores) {
        String[] uuids = scores.stream().map(GpuScore::uuid).toArray(String[]::new);
        return connection.preparedQuery(LOCK_NODES).execute(Tuple.tuple().addArrayOfString(uuids).addLong(runNodeId))
                .map(rows -> stream(rows).map(row -> row.getLong("id")).toArray(Long[]::new))
                .chain(nodeIds -> connection.preparedQuery(LOCK_DEVICES).execute(Tuple.tuple().addArrayOfString(uuids))
                        .chain(devices -> updateDevices(connection, devices, scores, runId, at))
                        .chain(gpuChanges -> updateNodes(connection, nodeIds, runId, at).map(nodeChanges -> {
                            List<VerdictChange> changes = new ArrayList<>(gpuChanges);
                            changes.addAll(nodeChanges);
                            return changes;
                        })));
    }

    private static Uni<List<VerdictChange>> updateDevices(SqlConnection connection, RowSet<Row> devices,
            List<GpuScore> scores, UUID runId, Instant at) {
        Map<String, GpuScore> byUuid = new LinkedHashMap<>();
        scores.forEach(score -> byUuid.put(score.uuid(), score));
        List<GpuScore> applied = new ArrayList<>();
        List<VerdictChange> changes = new ArrayList<>();
        for (Row device : devices) {
            OffsetDateTime healthAt = device.getOffsetDateTime("health_at");
            GpuScore score = byUuid.get(device.getString("uuid"));
            if (healthAt != null && healthAt.toInstant().isAfter(at)) {
                continue;
            }
            applied.add(score);
            HealthVerdict previous = HealthVerdict.valueOf(device.getString("health"));
            if (previous != score.verdict()) {
                changes.add(new VerdictChange(Scope.GPU, device.getString("cluster"), device.getString("node"),
                        score.uuid(), previous, score.verdict(), score.reasons(), runId, at));
            }
        }
        Tuple update = Tuple.tuple()
                .addArrayOfString(applied.stream().map(GpuScore::uuid).toArray(String[]::new))
                .addArrayOfString(applied.stream().map(score -> score.verdict().name()).toArray(String[]::new))
                .addArrayOfString(applied.stream().map(score -> reason(score.reasons())).toArray(String[]::new))
                .addOffsetDateTime(at.atOffset(ZoneOffset.UTC));
        return connection.preparedQuery(UPDATE_DEVICES).execute(update).replaceWith(changes);
    }

    private static Uni<List<VerdictChange>> updateNodes(SqlConnection connection, Long[] nodeIds, UUID runId,
            Instant at) {
        return connection.preparedQuery(NODE_GPUS).execute(Tuple.tuple().addArrayOfLong(nodeIds)).chain(rows -> {
            Map<Long, List<Row>> byNode = new LinkedHashMap<>();
            rows.forEach(row -> byNode.computeIfAbsent(row.getLong("id"), id -> new ArrayList<>()).add(row));
            List<Long> ids = new ArrayList<>();
            List<NodeHealth.Verdict> verdicts = new ArrayList<>();
            List<VerdictChange> changes = new ArrayList<>();
            byNode.forEach((id, gpus) -> {
                NodeHealth.Verdict verdict = NodeHealth.of(gpus.stream().map(gpu -> new NodeHealth.Gpu(
                        gpu.getString("uuid"), gpu.getInteger("gpu_index"),
                        HealthVerdict.valueOf(gpu.getString("gpu_health")))).toList());
                ids.add(id);
                verdicts.add(verdict);
                Row node = gpus.get(0);
                HealthVerdict previous = HealthVerdict.valueOf(node.getString("health"));
                if (previous != verdict.verdict()) {
                    changes.add(new VerdictChange(Scope.NODE, node.getString("cluster"), node.getString("name"), null,
                            previous, verdict.verdict(), List.of(verdict.reason()), runId, at));
                }
            });
            Tuple update = Tuple.tuple().addArrayOfLong(ids.toArray(Long[]::new))
                    .addArrayOfString(verdicts.stream().map(verdict -> verdict.verdict().name()).toArray(String[]::new))
                    .addArrayOfString(verdicts.stream().map(verdict -> cut(verdict.reason())).toArray(String[]::new))
                    .addOffsetDateTime(at.atOffset(ZoneOffset.UTC));
            return connection.preparedQuery(UPDATE_NODES).execute(update).replaceWith(changes);
        });
    }

    private static String reason(List<String> reasons) {
        return reasons.isEmpty() ? null : cut(String.join("; ", reasons));
    }

    private static String cut(String text) {
        return text.length() > REASON_WIDTH ? text.substring(0, REASON_WIDTH) : text;
    }

    private static java.util.stream.Stream<Row> stream(RowSet<Row> rows) {
        return StreamSupport.stream(rows.spliterator(), false);
    }
}
