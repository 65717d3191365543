package org.aitelemetry.worker.session;

import org.aitelemetry.worker.pipeline.NotificationShards;
import org.aitelemetry.worker.span.OutboxEntry;

/** The session processor's SQL, in one place; how a session enters the span outbox is the outbox's own. */
final class SessionSql {

    /** One writer per shard across replicas: the state machine reads, decides and writes its sessions under it. */
    static final String LOCK_SHARD = "SELECT pg_advisory_xact_lock(hashtext('telemetry.usage-sessions'), $1)";

    /** Every shard's lock, in shard order (a drain holds only one: no deadlock), for work on all sessions. */
    static final String LOCK_ALL = """
            SELECT count(pg_advisory_xact_lock(hashtext('telemetry.usage-sessions'), shard))
            FROM generate_series(0, %d) AS shard""".formatted(NotificationShards.COUNT - 1);

    /** A shard's oldest queued notifications, in arrival order; the queue's received_at finds each one's partition. */
    static final String PENDING_NOTIFICATIONS = """
            SELECT n.id, n.fingerprint, n.status, n.starts_at, n.ends_at, n.labels::text AS labels, n.received_at
            FROM (SELECT notification_id, received_at FROM alert_pending WHERE shard = $2
                  ORDER BY notification_id LIMIT $1) p
            JOIN alert_notification n ON n.id = p.notification_id AND n.received_at = p.received_at
            ORDER BY n.id""";

    private static final String SESSION_COLUMNS = """
            id, fingerprint, starts_at, ends_at, state, close_reason, finalize_after, last_seen_at, current_starts_at,
            duplicates, late_duplicates, alert_name, labels::text AS labels""";

    /**
     * Every session the state machine may need for the notifications: for each notification the session of its
     * fingerprint that started last at or before its startsAt (the one it names, or one that continued past it), the
     * one that continued as its startsAt, and per fingerprint the live session and the latest one. Written as lateral
     * index probes per key: a semi-join or {@code = ANY} lets the planner fall back to scanning the whole table. The
     * probes often find the same session (up to four times), so they return only the row's place ({@code ctid}, stable
     * within one statement) and each session's columns are read once by it: {@code labels::text} (detoasting, jsonb to
     * text) per probe was the drain's main cost in PostgreSQL. {@code LIMIT 1} keeps the live probe lateral (one row
     * by its unique index).
     */
    static final String SESSIONS_FOR = """
            WITH k AS (SELECT DISTINCT fingerprint, starts_at FROM unnest($1::text[], $2::timestamptz[])
                                                                    AS k(fingerprint, starts_at)),
            found AS (
                SELECT s.ctid FROM k CROSS JOIN LATERAL (SELECT ctid FROM usage_session
                                     WHERE fingerprint = k.fingerprint AND starts_at <= k.starts_at
                                     ORDER BY starts_at DESC LIMIT 1) s
                UNION
                SELECT s.ctid FROM k CROSS JOIN LATERAL (SELECT ctid FROM usage_session
                                     WHERE fingerprint = k.fingerprint AND current_starts_at = k.starts_at
                                       AND current_starts_at IS NOT NULL) s
                UNION
                SELECT s.ctid FROM unnest($3::text[]) AS f(fingerprint)
                CROSS JOIN LATERAL (SELECT ctid FROM usage_session
                                     WHERE fingerprint = f.fingerprint AND state IN ('OPEN', 'CLOSING') LIMIT 1) s
                UNION
                SELECT s.ctid FROM unnest($3::text[]) AS f(fingerprint)
                CROSS JOIN LATERAL (SELECT ctid FROM usage_session WHERE fingerprint = f.fingerprint
                                     ORDER BY starts_at DESC LIMIT 1) s)
            SELECT %1$s FROM found JOIN usage_session s ON s.ctid = found.ctid""".formatted(SESSION_COLUMNS);

    /** Final sessions enter the span outbox once, when they become final. */
    static final String UPDATE_SESSIONS = """
            UPDATE usage_session s SET state = u.state, ends_at = u.ends_at, close_reason = u.close_reason,
                   finalize_after = u.finalize_after, last_seen_at = u.last_seen_at,
                   current_starts_at = u.current_starts_at, duplicates = u.duplicates, late_duplicates = u.late_duplicates,
                   %s,
                   updated_at = now()
            FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::text[], $5::timestamptz[], $6::timestamptz[],
                        $7::timestamptz[], $8::int[], $9::int[])
                 AS u(id, state, ends_at, close_reason, finalize_after, last_seen_at, current_starts_at, duplicates,
                      late_duplicates)
            WHERE s.id = u.id""".formatted(OutboxEntry.ON_UPDATE);

    /**
     * New sessions, linked to the GPU, slice and project the sync knows (by UUID, GPU instance and namespace), with the
     * cluster taken from the GPU's node when the alert has no cluster label. With the duplicates the drain that
     * created one already counted: a firing re-sent in the same drain as the first.
     */
    static final String INSERT_SESSIONS = """
            INSERT INTO usage_session (fingerprint, starts_at, ends_at, state, close_reason, finalize_after, alert_name,
                   labels, cluster_name, node_name, gpu_uuid, gpu_index, gpu_model, gpu_instance_id, mig_profile,
                   namespace, pod, container, device_id, slice_id, project_id, last_seen_at, trace_id, span_id,
                   trace_url, duplicates, late_duplicates, export_state, start_export_state, next_export_at)
            SELECT u.fingerprint, u.starts_at, u.ends_at, u.state, u.close_reason, u.finalize_after, u.alert_name,
                   u.labels::jsonb, coalesce(u.cluster_name, device_cluster.name), u.node_name, u.gpu_uuid, u.gpu_index,
                   u.gpu_model, u.gpu_instance_id, u.mig_profile, u.namespace, u.pod, u.container, d.id, sl.id, p.id,
                   u.last_seen_at, u.trace_id, u.span_id, u.trace_url, u.duplicates, u.late_duplicates,
                   %s
            FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::text[], $6::timestamptz[],
                        $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::int[], $13::text[],
                        $14::int[], $15::text[], $16::text[], $17::text[], $18::text[], $19::timestamptz[],
                        $20::text[], $21::text[], $22::text[], $23::boolean[], $24::int[], $25::int[])
                 AS u(fingerprint, starts_at, ends_at, state, close_reason, finalize_after, alert_name, labels,
                      cluster_name, node_name, gpu_uuid, gpu_index, gpu_model, gpu_instance_id, mig_profile, namespace,
                      pod, container, last_seen_at, trace_id, span_id, trace_url, start_span, duplicates,
                      late_duplicates)
            LEFT JOIN gpu_device d ON d.uuid = u.gpu_uuid
            LEFT JOIN gpu_slice sl ON sl.device_id = d.id AND sl.gpu_instance_id = u.gpu_instance_id
            LEFT JOIN LATERAL (SELECT c.id, c.name FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
                               WHERE n.id = d.node_id) device_cluster ON true
            LEFT JOIN LATERAL (SELECT rp.id FROM research_project rp JOIN ai_cluster c ON c.id = rp.cluster_id
                               WHERE rp.namespace = u.namespace
                                 AND (c.name = u.cluster_name OR (u.cluster_name IS NULL AND c.id = device_cluster.id))
                               ORDER BY rp.id LIMIT 1) p ON true""".formatted(OutboxEntry.OF_NEW_SESSION);

    /** Takes notifications off their shard's queue: applied, or set aside; the notification rows stay. */
    static final String DEQUEUE = "DELETE FROM alert_pending WHERE shard = $1 AND notification_id = ANY($2)";

    /**
     * Queue rows among a shard's oldest whose notification row is gone (a partition dropped by hand; retention keeps a
     * month while the queue names it): the drain's join never returns them, so enough of them would stall the shard.
     */
    static final String DEQUEUE_ORPHANS = """
            DELETE FROM alert_pending q
            WHERE q.shard = $2
              AND q.notification_id IN (SELECT notification_id FROM alert_pending WHERE shard = $2
                                        ORDER BY notification_id LIMIT $1)
              AND NOT EXISTS (SELECT 1 FROM alert_notification n
                              WHERE n.id = q.notification_id AND n.received_at = q.received_at)""";

    /** Closing sessions whose grace period is over become final and enter the span outbox. */
    static final String FINALISE_DUE = """
            UPDATE usage_session SET state = 'FINAL', close_reason = 'RESOLVED', finalize_after = NULL,
                   %s, updated_at = now()
            WHERE state = 'CLOSING' AND finalize_after <= $1
            RETURNING %s""".formatted(OutboxEntry.ON_FINAL, SESSION_COLUMNS);

    /** Open sessions that existed before the reconciliation asked Alertmanager, for comparison with its answer. */
    static final String OPEN_BEFORE = """
            SELECT id, fingerprint FROM usage_session WHERE state = 'OPEN' AND created_at < $1""";

    static final String CLOSE_UNOBSERVED = """
            UPDATE usage_session SET state = 'FINAL', close_reason = 'UNOBSERVED', ends_at = greatest($2, starts_at),
                   %s, updated_at = now()
            WHERE id = ANY($1) AND state = 'OPEN'
            RETURNING %s""".formatted(OutboxEntry.ON_FINAL, SESSION_COLUMNS);

    static final String LIVE_COUNT = "SELECT count(*) AS live FROM usage_session WHERE state IN ('OPEN', 'CLOSING')";

    private SessionSql() {
    }
}
