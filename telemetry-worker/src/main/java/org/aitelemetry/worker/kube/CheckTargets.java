package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.api.model.Pod;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.aitelemetry.worker.kube.CheckRequest.TargetNode;

/**
 * What a request tests, node by node. NODE: every GPU of that node. PROJECT: the GPUs the namespace holds now, by UUID,
 * from its open usage sessions, and its MIG slices by profile. JOB: the same, limited to the named pods or the pods
 * matching the selector, as the cluster's API server lists them now (the fleet's pod data may be a sync behind). A
 * session that names no GPU (neither a known device nor a UUID label) cannot be checked and is left out.
 */
@ApplicationScoped
class CheckTargets {

    private static final String KNOWN = """
            SELECT u.name, coalesce(n.gpu_count, 0) AS gpus FROM unnest($2::varchar[]) AS u(name)
            LEFT JOIN ai_node n ON n.cluster_id = $1 AND n.name = u.name ORDER BY u.name""";

    /** Whole GPUs held by the namespace (or by its pods in $3, when not null), per node. */
    private static final String HELD_GPUS = """
            WITH held AS (
              SELECT d.node_id, d.uuid FROM usage_session s JOIN gpu_device d ON d.id = s.device_id
              WHERE s.state IN ('OPEN', 'CLOSING') AND s.namespace = $2 AND s.slice_id IS NULL
                AND s.gpu_instance_id IS NULL AND ($3::varchar[] IS NULL OR s.pod = ANY($3))
              UNION
              SELECT n.id, s.gpu_uuid FROM usage_session s JOIN ai_cluster c ON c.name = s.cluster_name
                JOIN ai_node n ON n.cluster_id = c.id AND n.name = s.node_name
              WHERE c.id = $1 AND s.device_id IS NULL AND s.gpu_uuid IS NOT NULL AND s.gpu_instance_id IS NULL
                AND s.state IN ('OPEN', 'CLOSING') AND s.namespace = $2 AND ($3::varchar[] IS NULL OR s.pod = ANY($3)))
            SELECT n.name, array_agg(h.uuid ORDER BY h.uuid) AS uuids FROM held h JOIN ai_node n ON n.id = h.node_id
            WHERE n.cluster_id = $1 AND n.state = 'PRESENT' GROUP BY n.name""";

    /** MIG slices of the namespace's project (or of its pods in $3), per node and profile, with their parent GPUs. */
    private static final String HELD_SLICES = """
            SELECT n.name, sl.profile, count(*)::int AS slices, array_agg(DISTINCT d.uuid) AS uuids
            FROM gpu_slice sl JOIN gpu_device d ON d.id = sl.device_id JOIN ai_node n ON n.id = d.node_id
              JOIN research_project p ON p.id = sl.project_id
            WHERE p.cluster_id = $1 AND p.namespace = $2 AND sl.state = 'PRESENT' AND n.state = 'PRESENT'
              AND ($3::varchar[] IS NULL OR sl.pod = ANY($3))
            GROUP BY n.name, sl.profile""";

    /** Open usage sessions on the node's GPUs, by device or by the alert's node label. */
    private static final String BUSY = """
            SELECT count(*) AS busy FROM usage_session s JOIN ai_cluster c ON c.id = $1
            WHERE s.state IN ('OPEN', 'CLOSING') AND (
              s.device_id IN (SELECT d.id FROM gpu_device d JOIN ai_node n ON n.id = d.node_id
                              WHERE n.cluster_id = $1 AND n.name = $2)
              OR (s.cluster_name = c.name AND s.node_name = $2))""";

    private final Pool pool;

    CheckTargets(Pool pool) {
        this.pool = pool;
    }

    Uni<List<TargetNode>> nodes(KubeCluster cluster, CheckRequest request) {
        return switch (request.targetKind()) {
            case "NODE" -> pool.preparedQuery(KNOWN)
                    .execute(Tuple.of(request.clusterId(), new String[] {request.node()}))
                    .map(rows -> stream(rows).map(row -> TargetNode.wholeNode(row.getString("name"),
                            row.getInteger("gpus"))).filter(TargetNode::testsAnything).toList());
            case "PROJECT" -> held(request, null);
            default -> pods(cluster, request).chain(pods -> pods.isEmpty() ? Uni.createFrom().item(List.of())
                    : held(request, pods.toArray(String[]::new)));
        };
    }

    /** Open usage sessions on the request's node now (an idle-time target that turned busy). */
    Uni<Long> busySessions(CheckRequest request) {
        return pool.preparedQuery(BUSY).execute(Tuple.of(request.clusterId(), request.node()))
                .map(rows -> rows.iterator().next().getLong("busy"));
    }

    private Uni<List<TargetNode>> held(CheckRequest request, String[] pods) {
        Tuple args = Tuple.tuple().addLong(request.clusterId()).addString(request.namespace()).addArrayOfString(pods);
        return pool.preparedQuery(HELD_GPUS).execute(args)
                .chain(gpus -> pool.preparedQuery(HELD_SLICES).execute(args).map(slices -> merge(gpus, slices)));
    }

    private static List<TargetNode> merge(RowSet<Row> gpus, RowSet<Row> slices) {
        Map<String, TreeSet<String>> uuids = new TreeMap<>();
        Map<String, Integer> wholeGpus = new TreeMap<>();
        Map<String, Map<String, Integer>> mig = new TreeMap<>();
        for (Row row : gpus) {
            List<String> held = Arrays.asList(row.getArrayOfStrings("uuids"));
            uuids.computeIfAbsent(row.getString("name"), node -> new TreeSet<>()).addAll(held);
            wholeGpus.put(row.getString("name"), held.size());
        }
        for (Row row : slices) {
            // The parents go to --gpus too, so that the probe keeps the MIG instances of those GPUs.
            uuids.computeIfAbsent(row.getString("name"), node -> new TreeSet<>())
                    .addAll(Arrays.asList(row.getArrayOfStrings("uuids")));
            mig.computeIfAbsent(row.getString("name"), node -> new TreeMap<>())
                    .put(row.getString("profile"), row.getInteger("slices"));
        }
        return uuids.keySet().stream().map(node -> new TargetNode(node, wholeGpus.getOrDefault(node, 0),
                List.copyOf(uuids.get(node)), mig.getOrDefault(node, Map.of()))).toList();
    }

    private static Uni<List<String>> pods(KubeCluster cluster, CheckRequest request) {
        return Uni.createFrom().item(() -> {
            var pods = cluster.client().pods().inNamespace(request.namespace());
            Stream<Pod> found = request.podSelector() != null
                    ? pods.withLabelSelector(request.podSelector()).list().getItems().stream()
                    : request.pods().stream().map(name -> pods.withName(name).get()).filter(Objects::nonNull);
            return found.filter(pod -> pod.getSpec().getNodeName() != null).map(pod -> pod.getMetadata().getName())
                    .distinct().sorted().toList();
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private static Stream<Row> stream(RowSet<Row> rows) {
        return StreamSupport.stream(rows.spliterator(), false);
    }
}
