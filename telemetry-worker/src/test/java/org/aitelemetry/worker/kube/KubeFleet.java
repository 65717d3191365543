package org.aitelemetry.worker.kube;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/** Fleet rows for the Kubernetes tests: clusters, nodes with GPUs, usage sessions, health-check requests. */
final class KubeFleet {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final Pool pool;

    KubeFleet(Pool pool) {
        this.pool = pool;
    }

    long cluster(String name) {
        Row existing = one("SELECT id FROM ai_cluster WHERE name = $1", Tuple.of(name));
        if (existing != null) {
            return existing.getLong("id");
        }
        long source = one("""
                INSERT INTO metric_source (name, url, auth_mode) VALUES ($1, 'http://prometheus.invalid', 'NONE')
                RETURNING id""", Tuple.of("source-" + name)).getLong("id");
        return one("INSERT INTO ai_cluster (source_id, name) VALUES ($1, $2) RETURNING id", Tuple.of(source, name))
                .getLong("id");
    }

    /** A node with {@code gpus} GPUs at the given utilization; returns the id of its first GPU. */
    long node(String cluster, String name, int gpus, double utilization, String health) {
        return node(cluster, name, gpus, utilization, health, "GPU-");
    }

    /** A node of AMD GPUs, known by their boards ({@code AMD-<serial>}). */
    long amdNode(String cluster, String name, int gpus) {
        return node(cluster, name, gpus, 0, "HEALTHY", "AMD-");
    }

    private long node(String cluster, String name, int gpus, double utilization, String health, String idPrefix) {
        long node = one("""
                INSERT INTO ai_node (cluster_id, name, gpu_count, health, health_reason) VALUES ($1, $2, $3, $4, $5)
                RETURNING id""", Tuple.of(cluster(cluster), name, gpus, health, "probe says " + health)).getLong("id");
        long gpu = one("""
                INSERT INTO gpu (product_name) VALUES ('NVIDIA H100 80GB HBM3') ON CONFLICT (product_name)
                DO UPDATE SET product_name = excluded.product_name RETURNING id""", Tuple.tuple()).getLong("id");
        long first = 0;
        for (int i = 0; i < gpus; i++) {
            long device = one("""
                    INSERT INTO gpu_device (uuid, node_id, gpu_id, gpu_index, utilization_percent)
                    VALUES ($1, $2, $3, $4, $5) RETURNING id""",
                    Tuple.of(idPrefix + UUID.randomUUID(), node, gpu, i, utilization)).getLong("id");
            first = i == 0 ? device : first;
        }
        return first;
    }

    /** @param device null for a session known only by its alert's node label */
    void openSession(String cluster, String node, Long device, String namespace) {
        openSession(cluster, node, device, namespace, "trainer-0", null);
    }

    /** @param gpuUuid the alert's UUID label, for a session whose device the fleet sync does not know */
    void openSession(String cluster, String node, Long device, String namespace, String pod, String gpuUuid) {
        one("""
                INSERT INTO usage_session (fingerprint, starts_at, state, alert_name, labels, cluster_name, node_name,
                  namespace, pod, device_id, gpu_uuid, trace_id, span_id)
                VALUES ($1, now() - interval '1 hour', 'OPEN', 'GpuInUse', '{}', $2, $3, $4, $5, $6, $7,
                  '0123456789abcdef0123456789abcdef', '0123456789abcdef') RETURNING id""",
                Tuple.from(Arrays.asList(UUID.randomUUID().toString().substring(0, 16), cluster, node,
                        namespace, pod, device, gpuUuid)));
    }

    /** The device ids of the node's GPUs, by index. */
    List<Long> devices(String cluster, String node) {
        var rows = pool.preparedQuery("""
                SELECT d.id FROM gpu_device d JOIN ai_node n ON n.id = d.node_id
                  JOIN ai_cluster c ON c.id = n.cluster_id
                WHERE c.name = $1 AND n.name = $2 ORDER BY d.gpu_index""").execute(Tuple.of(cluster, node))
                .await().atMost(WAIT);
        List<Long> ids = new ArrayList<>();
        rows.forEach(row -> ids.add(row.getLong("id")));
        return ids;
    }

    String uuid(long device) {
        return one("SELECT uuid FROM gpu_device WHERE id = $1", Tuple.of(device)).getString("uuid");
    }

    void finalSession(String cluster, String node, long device, String namespace) {
        one("""
                INSERT INTO usage_session (fingerprint, starts_at, ends_at, state, close_reason, alert_name, labels,
                  cluster_name, node_name, namespace, pod, device_id, trace_id, span_id)
                VALUES ($1, now() - interval '2 hours', now() - interval '1 hour', 'FINAL', 'RESOLVED', 'GpuInUse', '{}',
                  $2, $3, $4, 'trainer-0', $5, '0123456789abcdef0123456789abcdef', '0123456789abcdef') RETURNING id""",
                Tuple.of(UUID.randomUUID().toString().substring(0, 16), cluster, node, namespace, device));
    }

    /** A MIG slice of the device held by the project of the namespace (created when missing). */
    void slice(String cluster, long device, String namespace, String state) {
        long project = one("""
                INSERT INTO research_project (cluster_id, namespace) VALUES ($1, $2)
                ON CONFLICT (cluster_id, namespace) DO UPDATE SET namespace = excluded.namespace RETURNING id""",
                Tuple.of(cluster(cluster), namespace)).getLong("id");
        one("""
                INSERT INTO gpu_slice (device_id, gpu_instance_id, profile, project_id, pod, state)
                VALUES ($1, 1, '1g.10gb', $2, 'notebook-0', $3) RETURNING id""", Tuple.of(device, project, state));
    }

    UUID nodeRequest(String cluster, String node) {
        return one("""
                INSERT INTO health_check_request (id, requested_by, cluster_id, target_kind, node_name)
                VALUES (gen_random_uuid(), 'alice', $1, 'NODE', $2) RETURNING id""", Tuple.of(cluster(cluster), node))
                .getUUID("id");
    }

    UUID request(String cluster, String kind, String namespace, String selector) {
        return one("""
                INSERT INTO health_check_request (id, requested_by, cluster_id, target_kind, namespace, pod_selector)
                VALUES (gen_random_uuid(), 'alice', $1, $2, $3, $4) RETURNING id""",
                Tuple.of(cluster(cluster), kind, namespace, selector)).getUUID("id");
    }

    UUID requestFor(String node, String requester) {
        return one("SELECT id FROM health_check_request WHERE node_name = $1 AND requested_by = $2",
                Tuple.of(node, requester)).getUUID("id");
    }

    Row request(UUID id) {
        return one("""
                SELECT state, state_reason, job_name, schedule_attempts,
                  extract(epoch FROM schedule_after - now()) AS seconds_to_retry
                FROM health_check_request WHERE id = $1""", Tuple.of(id));
    }

    /** As if the request's backoff had passed. */
    void due(UUID id) {
        one("UPDATE health_check_request SET schedule_after = now() WHERE id = $1 RETURNING id", Tuple.of(id));
    }

    /** Leaves no PENDING request but the given one, so that a round claims that one alone. */
    void cancelPendingExcept(UUID id) {
        pool.preparedQuery("UPDATE health_check_request SET state = 'CANCELLED' WHERE state = 'PENDING' AND id <> $1")
                .execute(Tuple.of(id)).await().atMost(WAIT);
    }

    long count(String sql, Tuple args) {
        return one(sql, args).getLong(0);
    }

    private Row one(String sql, Tuple args) {
        var rows = pool.preparedQuery(sql).execute(args).await().atMost(WAIT);
        return rows.size() == 0 ? null : rows.iterator().next();
    }
}
