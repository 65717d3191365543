package org.aitelemetry.worker.idle;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small fleet for idle notices, written with SQL as the sync, the session service and the rollup leave it: a cluster
 * of its own per test (so tests never see each other's projects), whole GPUs, a MIG device with one slice, projects,
 * their contacts, holding sessions and hourly rollup rows.
 */
final class IdleFleet {

    static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final AtomicInteger CLUSTERS = new AtomicInteger();

    private final Pool pool;
    final String cluster;
    private final long clusterId;
    private final long nodeId;
    private final long skuId;

    IdleFleet(Pool pool) {
        this.pool = pool;
        this.cluster = "idle-lab-" + CLUSTERS.incrementAndGet() + "-" + System.nanoTime();
        long source = id("""
                INSERT INTO metric_source (name, url, auth_mode) VALUES ($1, 'http://127.0.0.1:9', 'NONE')
                RETURNING id""", cluster);
        clusterId = id("INSERT INTO ai_cluster (source_id, name) VALUES ($1, $2) RETURNING id", source, cluster);
        nodeId = id("INSERT INTO ai_node (cluster_id, name) VALUES ($1, 'node-1') RETURNING id", clusterId);
        skuId = id("""
                INSERT INTO gpu (product_name) VALUES ('NVIDIA A100-SXM4-80GB')
                ON CONFLICT (product_name) DO UPDATE SET product_name = EXCLUDED.product_name RETURNING id""");
    }

    /** The UUID {@link #device} stores for a name: GPU UUIDs are unique across clusters. */
    String uuid(String name) {
        return name + "-" + cluster;
    }

    long device(String name, boolean mig) {
        return id("INSERT INTO gpu_device (uuid, node_id, gpu_id, mig_enabled) VALUES ($1, $2, $3, $4) RETURNING id",
                uuid(name), nodeId, skuId, mig);
    }

    long slice(long device, int gpuInstanceId, String profile) {
        return id("INSERT INTO gpu_slice (device_id, gpu_instance_id, profile) VALUES ($1, $2, $3) RETURNING id",
                device, gpuInstanceId, profile);
    }

    long project(String namespace, String... contacts) {
        long project = id("INSERT INTO research_project (cluster_id, namespace) VALUES ($1, $2) RETURNING id",
                clusterId, namespace);
        for (int i = 0; i < contacts.length; i++) {
            execute("""
                    INSERT INTO project_contact (cluster_name, namespace, role, email, source)
                    VALUES ($1, $2, $3, $4, 'test')""", cluster, namespace, i == 0 ? "PI" : "MANAGER", contacts[i]);
        }
        return project;
    }

    /** A session holding the device (slice null) or slice from {@code from}, still open when {@code until} is null. */
    void holds(long project, long device, Long slice, Instant from, Instant until) {
        String fingerprint = Long.toHexString(System.nanoTime()) + "-" + device + "-" + slice;
        execute("""
                INSERT INTO usage_session (fingerprint, starts_at, ends_at, state, close_reason, alert_name, labels,
                                           device_id, slice_id, project_id, trace_id, span_id)
                VALUES ($1, $2, $3, $4, $5, 'GpuInUse', '{}'::jsonb, $6, $7, $8,
                        '0123456789abcdef0123456789abcdef', '0123456789abcdef')""",
                fingerprint, utc(from), utc(until), until == null ? "OPEN" : "FINAL", until == null ? null : "RESOLVED",
                device, slice, project);
    }

    /** {@code hours} rollup rows from {@code from}: allocated and idle seconds and the cost of each hour. */
    void rollup(String kind, long entity, Instant from, int hours, double allocated, double idle, double cost) {
        for (int hour = 0; hour < hours; hour++) {
            execute("""
                    INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated,
                                              idle_gpu_seconds, cost)
                    VALUES ($1, $2, $3, $4, $5, $6, $7)
                    ON CONFLICT (entity_kind, entity_id, hour) DO UPDATE
                      SET gpu_seconds_allocated = EXCLUDED.gpu_seconds_allocated,
                          idle_gpu_seconds = EXCLUDED.idle_gpu_seconds, cost = EXCLUDED.cost""",
                    kind, entity, utc(from.plus(Duration.ofHours(hour))), clusterId, allocated, idle,
                    java.math.BigDecimal.valueOf(cost));
        }
    }

    List<Row> rows(String sql, Object... parameters) {
        List<Row> rows = new ArrayList<>();
        pool.preparedQuery(sql).execute(Tuple.from(parameters)).await().atMost(PATIENCE).forEach(rows::add);
        return rows;
    }

    private void execute(String sql, Object... parameters) {
        pool.preparedQuery(sql).execute(Tuple.from(parameters)).await().atMost(PATIENCE);
    }

    private long id(String sql, Object... parameters) {
        return rows(sql, parameters).get(0).getLong(0);
    }

    private static Object utc(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }
}
