package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.aitelemetry.worker.kube.CheckRequest.TargetNode;

/**
 * The nodes a request covers. NODE: that node. PROJECT: nodes hosting the namespace's GPUs now, from its open usage
 * sessions and its MIG slices. JOB: nodes the named pods, or the pods matching the selector, are bound to, as the
 * Kubernetes API says now (the fleet's pod data may be a sync behind).
 */
@ApplicationScoped
class CheckTargets {

    private static final String KNOWN = """
            SELECT u.name, coalesce(n.gpu_count, 0) AS gpus FROM unnest($2::varchar[]) AS u(name)
            LEFT JOIN ai_node n ON n.cluster_id = $1 AND n.name = u.name ORDER BY u.name""";

    private static final String PROJECT = """
            SELECT n.name, n.gpu_count AS gpus FROM ai_node n
            WHERE n.cluster_id = $1 AND n.state = 'PRESENT' AND (
              n.id IN (SELECT d.node_id FROM usage_session s JOIN gpu_device d ON d.id = s.device_id
                       WHERE s.state IN ('OPEN', 'CLOSING') AND s.namespace = $2)
              OR n.name IN (SELECT s.node_name FROM usage_session s JOIN ai_cluster c ON c.name = s.cluster_name
                            WHERE c.id = $1 AND s.state IN ('OPEN', 'CLOSING') AND s.namespace = $2)
              OR n.id IN (SELECT d.node_id FROM gpu_slice sl JOIN gpu_device d ON d.id = sl.device_id
                          JOIN research_project p ON p.id = sl.project_id
                          WHERE p.cluster_id = $1 AND p.namespace = $2 AND sl.state = 'PRESENT'))
            ORDER BY n.name""";

    private final Pool pool;
    private final Instance<KubernetesClient> client;

    CheckTargets(Pool pool, Instance<KubernetesClient> client) {
        this.pool = pool;
        this.client = client;
    }

    Uni<List<TargetNode>> nodes(CheckRequest request) {
        return switch (request.targetKind()) {
            case "NODE" -> known(request.clusterId(), List.of(request.node()));
            case "PROJECT" -> rows(PROJECT, Tuple.of(request.clusterId(), request.namespace()));
            default -> podNodes(request).chain(names -> known(request.clusterId(), names));
        };
    }

    private Uni<List<TargetNode>> known(long clusterId, List<String> names) {
        return names.isEmpty() ? Uni.createFrom().item(List.of())
                : rows(KNOWN, Tuple.of(clusterId, names.toArray(String[]::new)));
    }

    private Uni<List<TargetNode>> rows(String sql, Tuple args) {
        return pool.preparedQuery(sql).execute(args).map(rows -> StreamSupport.stream(rows.spliterator(), false)
                .map(row -> new TargetNode(row.getString("name"), row.getInteger("gpus"))).toList());
    }

    private Uni<List<String>> podNodes(CheckRequest request) {
        return Uni.createFrom().item(() -> {
            var pods = client.get().pods().inNamespace(request.namespace());
            Stream<Pod> found = request.podSelector() != null
                    ? pods.withLabelSelector(request.podSelector()).list().getItems().stream()
                    : request.pods().stream().map(name -> pods.withName(name).get()).filter(Objects::nonNull);
            return found.map(pod -> pod.getSpec().getNodeName()).filter(Objects::nonNull).distinct().sorted()
                    .toList();
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }
}
