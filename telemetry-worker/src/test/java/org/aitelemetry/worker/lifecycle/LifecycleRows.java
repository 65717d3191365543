package org.aitelemetry.worker.lifecycle;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.aitelemetry.worker.pipeline.NotificationShards;
import org.aitelemetry.worker.sql.SqlValues;

/** Rows of the tables retention looks after, written straight into PostgreSQL at chosen times. */
final class LifecycleRows {

    private static final DateTimeFormatter SUFFIX = DateTimeFormatter.ofPattern("yyyyMM");

    private final Pool pool;

    LifecycleRows(Pool pool) {
        this.pool = pool;
    }

    /** The middle of the month {@code months} before {@code now}'s (negative: after). */
    static Instant monthsAgo(Instant now, int months) {
        return YearMonth.from(now.atZone(ZoneOffset.UTC)).minusMonths(months).atDay(15).atStartOfDay(ZoneOffset.UTC)
                .toInstant();
    }

    static String partition(String table, Instant at) {
        return table + "_" + YearMonth.from(at.atZone(ZoneOffset.UTC)).format(SUFFIX);
    }

    void ensureMonth(String table, Instant at) {
        pool.preparedQuery("SELECT ensure_month_partition($1::regclass, $2)")
                .executeAndAwait(Tuple.of(table, SqlValues.utc(at)));
    }

    boolean exists(String table) {
        return pool.preparedQuery("SELECT to_regclass($1) IS NOT NULL AS found").executeAndAwait(Tuple.of(table))
                .iterator().next().getBoolean("found");
    }

    long count(String sql, Object... arguments) {
        return pool.preparedQuery(sql).executeAndAwait(Tuple.from(arguments)).iterator().next().getLong(0);
    }

    /** A cluster with one node; returns the cluster id and node id. */
    long[] clusterWithNode(String name) {
        long source = pool.preparedQuery("INSERT INTO metric_source (name, url, auth_mode) VALUES ($1,"
                + " 'https://obs.example.org', 'NONE') RETURNING id").executeAndAwait(Tuple.of(name)).iterator().next()
                .getLong("id");
        long cluster = pool.preparedQuery("INSERT INTO ai_cluster (source_id, name) VALUES ($1, $2) RETURNING id")
                .executeAndAwait(Tuple.of(source, name)).iterator().next().getLong("id");
        long node = pool.preparedQuery("INSERT INTO ai_node (cluster_id, name) VALUES ($1, $2) RETURNING id")
                .executeAndAwait(Tuple.of(cluster, name + "-node")).iterator().next().getLong("id");
        return new long[] {cluster, node};
    }

    /** A batch received at the time with {@code alerts} notifications, processed or not. */
    void alertBatch(String receiver, Instant receivedAt, int alerts, boolean processed) {
        pool.preparedQuery("""
                WITH batch AS (INSERT INTO alert_batch (receiver, status, alert_count, received_at)
                               VALUES ($1, 'FIRING', $2, $3) RETURNING id, received_at),
                alerts AS (INSERT INTO alert_notification (batch_id, received_at, fingerprint, status, starts_at,
                                                           labels)
                           SELECT batch.id, batch.received_at, 'fp-' || n, 'FIRING', batch.received_at, '{}'
                           FROM batch, generate_series(1, $2) AS n RETURNING id, fingerprint, received_at)
                INSERT INTO alert_pending (shard, notification_id, received_at)
                SELECT %s, id, received_at FROM alerts WHERE NOT $4""".formatted(NotificationShards.of("fingerprint")))
                .executeAndAwait(Tuple.of(receiver, alerts, SqlValues.utc(receivedAt), processed));
    }

    void hourlyRollup(long cluster, long entity, Instant hour) {
        pool.preparedQuery("INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id) VALUES ('DEVICE', $1,"
                + " date_trunc('hour', $2::timestamptz), $3)").executeAndAwait(Tuple.of(entity, SqlValues.utc(hour),
                cluster));
    }

    /** The rollup's mark that the hour is done for the cluster's source. */
    void rollupMark(long cluster, Instant hour) {
        pool.preparedQuery("INSERT INTO usage_rollup_hour (source_id, hour) SELECT source_id, date_trunc('hour',"
                + " $2::timestamptz) FROM ai_cluster WHERE id = $1").executeAndAwait(Tuple.of(cluster,
                SqlValues.utc(hour)));
    }

    void dailyRollup(long cluster, long entity, Instant day) {
        pool.preparedQuery("""
                INSERT INTO usage_rollup_daily (entity_kind, entity_id, day, cluster_id, hours, gpu_seconds_allocated,
                                                gpu_seconds_used, idle_gpu_seconds, energy_joules, cost,
                                                usage_basis_cost)
                VALUES ('DEVICE', $1, ($2::timestamptz AT TIME ZONE 'UTC')::date, $3, 24, 0, 0, 0, 0, 0, 0)""")
                .executeAndAwait(Tuple.of(entity, SqlValues.utc(day), cluster));
    }

    /** A session of the fingerprint that started and (unless OPEN) ended at the time. */
    void session(String fingerprint, Instant at, String state, String exportState) {
        boolean open = state.equals("OPEN");
        pool.preparedQuery("""
                INSERT INTO usage_session (fingerprint, starts_at, ends_at, state, close_reason, alert_name, labels,
                                           trace_id, span_id, export_state)
                VALUES ($1, $2, CASE WHEN $3 THEN NULL ELSE $2 + interval '1 hour' END, $4,
                        CASE WHEN $3 THEN NULL ELSE 'RESOLVED' END, 'GpuSliceInUse', '{}',
                        '0af7651916cd43dd8448eb211c80319c', 'b7ad6b7169203331', $5)""")
                .executeAndAwait(Tuple.of(fingerprint, SqlValues.utc(at), open, state, exportState));
    }

    void probeRun(String runId, Long node, Instant startedAt) {
        pool.preparedQuery("""
                INSERT INTO probe_run (run_id, node_id, hostname, schema_version, started_at, finished_at, verdict,
                                       report)
                VALUES ($1::uuid, $2, 'gpu-node', '1', $3, $3, 'HEALTHY', '{}')""")
                .executeAndAwait(Tuple.of(runId, node, SqlValues.utc(startedAt)));
    }

    /** A message in the outbox, made at the time, in the state (SENT ones sent when made). */
    void mail(String dedupeKey, String state, Instant createdAt) {
        pool.preparedQuery("""
                INSERT INTO mail_outbox (dedupe_key, message_id, recipients, subject, html_body, text_body, state,
                                         created_at, sent_at)
                VALUES ($1, $1 || '@retention.test', '{pi@example.org}', 'subject', '<p>body</p>', 'body', $2, $3,
                        CASE WHEN $2 = 'SENT' THEN $3 END)""")
                .executeAndAwait(Tuple.of(dedupeKey, state, SqlValues.utc(createdAt)));
    }

    /** An idle-GPU notice of the namespace made at the time, naming one GPU. */
    void idleNotice(String namespace, Instant noticedAt) {
        long notice = pool.preparedQuery("""
                INSERT INTO idle_notice (cluster_name, namespace, idle_from, idle_until, gpu_count, idle_gpu_hours,
                                         cost_wasted, currency, mailed_to, noticed_at)
                VALUES ('retention', $1, $2 - interval '9 hours', $2 - interval '1 hour', 1, 8, 1, 'EUR', 0, $2)
                RETURNING id""").executeAndAwait(Tuple.of(namespace, SqlValues.utc(noticedAt))).iterator().next()
                .getLong("id");
        pool.preparedQuery("""
                INSERT INTO idle_notice_gpu (notice_id, entity_kind, entity_id, gpu_uuid, idle_from, idle_until,
                                             idle_gpu_hours, cost_wasted, label)
                VALUES ($1, 'DEVICE', 1, 'GPU-retention', $2 - interval '9 hours', $2 - interval '1 hour', 8, 1,
                        'GPU-retention')""").executeAndAwait(Tuple.of(notice, SqlValues.utc(noticedAt)));
    }

    /** The fleet's weekly statement of the week that ended at the time. */
    void fleetStatement(Instant periodEnd) {
        pool.preparedQuery("""
                INSERT INTO statement (subject_kind, subject_key, period_kind, period_start, period_end, title,
                                       currency, allocated_gpu_hours, used_gpu_hours, idle_gpu_hours, energy_kwh,
                                       cost_allocation_basis, cost_usage_basis, html, csv)
                VALUES ('FLEET', 'retention', 'WEEK', $1 - interval '7 days', $1, 'Fleet', 'EUR', 0, 0, 0, 0, 0, 0,
                        '<p></p>', '')""").executeAndAwait(Tuple.of(SqlValues.utc(periodEnd)));
    }
}
