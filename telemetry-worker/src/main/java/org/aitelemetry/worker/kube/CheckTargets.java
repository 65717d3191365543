package org.aitelemetry.worker.kube;

import static org.aitelemetry.worker.sql.SqlValues.list;

import io.fabric8.kubernetes.api.model.Pod;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.aitelemetry.prometheus.amd.AmdLabels;
import org.aitelemetry.worker.kube.CheckRequest.TargetNode;

/**
 * What a request tests, node by node. NODE: every GPU of that node. PROJECT: the GPUs the namespace holds now, by UUID,
 * from its open usage sessions, and its MIG slices by profile. JOB: the same, limited to the named pods or the pods
 * matching the selector, as the cluster's API server lists them now (the fleet's pod data may be a sync behind). A
 * session that names no GPU (neither a known device nor a UUID label) cannot be checked and is left out.
 */
@ApplicationScoped
class CheckTargets {

    private final Pool pool;

    CheckTargets(Pool pool) {
        this.pool = pool;
    }

    Uni<List<TargetNode>> nodes(KubeCluster cluster, CheckRequest request) {
        return switch (request.targetKind()) {
            case "NODE" -> pool.preparedQuery(TargetSql.KNOWN_NODES)
                    .execute(Tuple.of(request.clusterId(), new String[] {request.node()},
                            AmdLabels.DEVICE_ID_PREFIX + "%"))
                    .map(rows -> list(rows, row -> TargetNode.wholeNode(row.getString("name"), row.getInteger("gpus"),
                            row.getBoolean("amd"))).stream().filter(TargetNode::testsAnything).toList());
            case "PROJECT" -> held(request, null);
            default -> pods(cluster, request).chain(pods -> pods.isEmpty() ? Uni.createFrom().item(List.of())
                    : held(request, pods.toArray(String[]::new)));
        };
    }

    /** Open usage sessions on the request's node now (an idle-time target that turned busy). */
    Uni<Long> busySessions(CheckRequest request) {
        return pool.preparedQuery(TargetSql.BUSY_SESSIONS).execute(Tuple.of(request.clusterId(), request.node()))
                .map(rows -> rows.iterator().next().getLong("busy"));
    }

    private Uni<List<TargetNode>> held(CheckRequest request, String[] pods) {
        Tuple args = Tuple.tuple().addLong(request.clusterId()).addString(request.namespace()).addArrayOfString(pods);
        return pool.preparedQuery(TargetSql.HELD_GPUS).execute(args)
                .chain(gpus -> pool.preparedQuery(TargetSql.HELD_SLICES).execute(args)
                        .map(slices -> merge(gpus, slices)));
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
                List.copyOf(uuids.get(node)), mig.getOrDefault(node, Map.of()),
                uuids.get(node).stream().anyMatch(AmdLabels::isAmdDeviceId))).toList();
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
}
