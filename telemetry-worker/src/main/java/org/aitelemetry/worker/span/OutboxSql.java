package org.aitelemetry.worker.span;

/**
 * The span outbox's SQL on {@code usage_session}, the one place its states ({@code export_state},
 * {@code start_export_state}, {@code next_export_at}) are written: how a session enters (used by the session service's
 * own statements through {@link OutboxEntry}) and how this package moves it on. A claim is one short statement: due
 * rows are locked with {@code SKIP LOCKED} (replicas never wait for each other) and leased by moving {@code next_export_at} past the work,
 * so another replica takes them only if this one dies holding them. Spans carry deterministic ids, so the rare double
 * export after an expired lease is harmless.
 */
final class OutboxSql {

    private OutboxSql() {
    }

    /**
     * A new session's entry, as the three columns {@code export_state, start_export_state, next_export_at} of an
     * {@code INSERT … SELECT} over {@code u(state, start_span)}: a final one's span is due at once, and an open one's
     * start span where start spans are on.
     */
    static final String ENTRY_OF_NEW = """
            CASE WHEN u.state = 'FINAL' THEN 'PENDING' ELSE 'NOT_READY' END,
                   CASE WHEN u.start_span AND u.state <> 'FINAL' THEN 'PENDING' ELSE 'NOT_READY' END,
                   CASE WHEN u.state = 'FINAL' OR u.start_span THEN now() END""";

    /**
     * The {@code SET} items of an {@code UPDATE usage_session s … FROM … u(state)} for a known session: one that
     * became final enters the outbox, once.
     */
    static final String ENTRY_ON_UPDATE = """
            export_state = CASE WHEN u.state = 'FINAL' AND s.export_state = 'NOT_READY' THEN 'PENDING'
                                       ELSE s.export_state END,
                   next_export_at = CASE WHEN u.state = 'FINAL' AND s.export_state = 'NOT_READY' THEN now()
                                         ELSE s.next_export_at END""";

    /**
     * The {@code SET} items of an {@code UPDATE} that makes sessions final in place: they enter the outbox, unless the
     * outbox quarantined them already (a start span that could not be exported: neither can the final span).
     */
    static final String ENTRY_ON_FINAL =
            "export_state = CASE WHEN export_state = 'QUARANTINED' THEN export_state ELSE 'PENDING' END, "
                    + "next_export_at = now()";

    private static final String CLAIMED = """
            s.id, s.fingerprint, s.starts_at, s.ends_at, s.close_reason, s.alert_name, s.cluster_name, s.node_name,
            s.namespace, s.pod, s.container, s.gpu_uuid, s.gpu_instance_id, s.trace_id, s.span_id,
            s.export_attempts, s.aggregates_at, s.utilization_avg, s.energy_joules, s.gpu_seconds,
            s.state = 'FINAL' AND s.export_state = 'PENDING' AS final_pending,
            s.start_export_state = 'PENDING' AS start_pending,
            COALESCE(s.gpu_index, (SELECT d.gpu_index FROM gpu_device d WHERE d.id = s.device_id)) AS gpu_index,
            COALESCE(s.gpu_model, (SELECT g.product_name FROM gpu_device d JOIN gpu g ON g.id = d.gpu_id
                                   WHERE d.id = s.device_id)) AS gpu_model,
            COALESCE(s.mig_profile, (SELECT sl.profile FROM gpu_slice sl WHERE sl.id = s.slice_id)) AS mig_profile,
            (SELECT p.namespace FROM research_project p WHERE p.id = s.project_id) AS project_namespace,
            (SELECT m.name FROM ai_cluster c JOIN metric_source m ON m.id = c.source_id
             WHERE c.name = s.cluster_name ORDER BY c.id LIMIT 1) AS source_name""";

    /** Claims due rows matching a condition: $1 how many at most, $2 the lease in ms. */
    private static final String CLAIM = """
            WITH due AS (
              SELECT id FROM usage_session
              WHERE (%s) AND (next_export_at IS NULL OR next_export_at <= now())
              ORDER BY next_export_at NULLS FIRST LIMIT $1 FOR UPDATE SKIP LOCKED)
            UPDATE usage_session s SET next_export_at = now() + $2::float8 * interval '1 millisecond'
            FROM due WHERE s.id = due.id
            RETURNING %s""";

    /** The session's span events in time order as one JSON array (null if none): read with the claim, not per row. */
    private static final String EVENTS = """
            (SELECT json_agg(json_build_object('name', e.name, 'at', e.at, 'attributes', e.attributes)
                             ORDER BY e.at, e.id)
             FROM usage_session_event e WHERE e.session_id = s.id) AS events""";

    /** Final sessions whose aggregates at close have not been read; their span events are not needed yet. */
    static final String CLAIM_FOR_AGGREGATES = CLAIM.formatted(
            "state = 'FINAL' AND export_state = 'PENDING' AND aggregates_at IS NULL",
            CLAIMED + ", NULL::json AS events");

    /** Sessions with a span ready to go out: a final span with its aggregates, or a start span. */
    static final String CLAIM_FOR_EXPORT = CLAIM.formatted(
            "state = 'FINAL' AND export_state = 'PENDING' AND aggregates_at IS NOT NULL"
                    + " OR start_export_state = 'PENDING'", CLAIMED + ",\n" + EVENTS);

    /**
     * Marks acknowledged spans exported: $1 sessions whose {@code gpu.usage} span went out, $2 those whose start span
     * did. Whatever became pending meanwhile (a session finalised while its start span was in flight) is due at once;
     * a start-only success resets the attempts, so the final span starts with its own budget.
     */
    static final String MARK_EXPORTED = """
            UPDATE usage_session s SET
              export_state = CASE WHEN s.id = ANY($1) THEN 'EXPORTED' ELSE s.export_state END,
              exported_at = CASE WHEN s.id = ANY($1) THEN now() ELSE s.exported_at END,
              start_export_state = CASE WHEN s.id = ANY($2) THEN 'EXPORTED' ELSE s.start_export_state END,
              export_attempts = CASE WHEN s.id = ANY($1) THEN s.export_attempts ELSE 0 END,
              last_export_error = NULL,
              next_export_at = CASE WHEN (s.export_state = 'PENDING' AND s.id <> ALL($1))
                                      OR (s.start_export_state = 'PENDING' AND s.id <> ALL($2)) THEN now() END,
              updated_at = now()
            WHERE s.id = ANY($1) OR s.id = ANY($2)""";

    /** Counts a failed attempt per session and schedules the next: $1 ids, $2 delays in ms, $3 errors. */
    static final String MARK_FAILED = """
            UPDATE usage_session s SET export_attempts = s.export_attempts + 1,
              next_export_at = now() + u.delay_ms * interval '1 millisecond',
              last_export_error = u.error, updated_at = now()
            FROM unnest($1::bigint[], $2::float8[], $3::text[]) AS u(id, delay_ms, error)
            WHERE s.id = u.id""";

    /** Quarantines sessions: $1 ids, $2 reasons. A start span not pending (exported, never wanted) stays as is. */
    static final String QUARANTINE = """
            UPDATE usage_session s SET export_state = 'QUARANTINED',
              start_export_state = CASE WHEN s.start_export_state = 'PENDING' THEN 'QUARANTINED'
                                        ELSE s.start_export_state END,
              quarantined_at = now(), quarantine_reason = u.reason, next_export_at = NULL, updated_at = now()
            FROM unnest($1::bigint[], $2::text[]) AS u(id, reason)
            WHERE s.id = u.id""";

    /** Stores aggregates at close, read or given up on; the span is then due at once. */
    static final String STORE_AGGREGATES = """
            UPDATE usage_session s SET utilization_avg = u.utilization, energy_joules = u.energy,
              gpu_seconds = u.gpu_seconds, aggregates_at = now(), next_export_at = now(), updated_at = now()
            FROM unnest($1::bigint[], $2::float8[], $3::float8[], $4::float8[])
                 AS u(id, utilization, energy, gpu_seconds)
            WHERE s.id = u.id""";

    /** Spans waiting in the outbox: final spans and start spans, due or backing off. */
    static final String DEPTH = """
            SELECT (SELECT count(*) FROM usage_session WHERE export_state = 'PENDING')
                 + (SELECT count(*) FROM usage_session WHERE start_export_state = 'PENDING') AS depth""";
}
