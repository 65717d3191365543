package org.aitelemetry.worker.lifecycle;

/**
 * The SQL of the data lifecycle. DDL on partitions names tables, which cannot be parameters: those statements are
 * formats that take names read from the catalog ({@link MonthPartition} checks their spelling) or constants.
 */
final class LifecycleSql {

    private LifecycleSql() {
    }

    /** Session-scoped, not transaction-scoped: DETACH ... CONCURRENTLY must run outside a transaction. */
    static final String TRY_LOCK = "SELECT pg_try_advisory_lock(hashtext('telemetry.retention')) AS locked";
    static final String UNLOCK = "SELECT pg_advisory_unlock(hashtext('telemetry.retention'))";

    /** Creates the month's partition ($2: any instant in it) of a table ($1) unless it exists (V17). */
    static final String ENSURE_MONTH = "SELECT ensure_month_partition($1::regclass, $2) AS created";

    /**
     * A table's partitions with the planner's estimate of their rows (-1 before the first ANALYZE) and whether an
     * interrupted DETACH CONCURRENTLY left them.
     */
    static final String PARTITIONS = """
            SELECT c.relname, c.reltuples::bigint AS estimated_rows, i.inhdetachpending
            FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = $1::regclass ORDER BY c.relname""";

    /** Whether a partition (%s) holds rows matching a condition (%s): data still in flight. */
    static final String ANY_ROW_WHERE = "SELECT EXISTS (SELECT 1 FROM %s WHERE %s) AS found";

    /** The rows of a partition (%s) that has no estimate yet: never analysed, so young and small. */
    static final String COUNT_ROWS = "SELECT count(*) AS counted FROM %s";

    static final String DETACH_CONCURRENTLY = "ALTER TABLE %s DETACH PARTITION %s CONCURRENTLY";
    /** Completes a DETACH CONCURRENTLY that was interrupted (the partition is left "detach pending"). */
    static final String DETACH_FINALIZE = "ALTER TABLE %s DETACH PARTITION %s FINALIZE";
    static final String DROP = "DROP TABLE %s";

    /**
     * A batch ($2) of the rollup's marks of hours before $1: their hourly rows are dropped with the same cut-off, and a
     * source's horizon ({@code telemetry.usage.backfill-max}) is shorter, so no rollup asks for them again.
     */
    static final String DELETE_ROLLUP_MARKS = """
            DELETE FROM usage_rollup_hour WHERE (source_id, hour) IN (
              SELECT source_id, hour FROM usage_rollup_hour WHERE hour < $1 LIMIT $2)""";

    /** A batch ($2) of sessions that ended before $1, FINAL and exported for good (spans sent or quarantined). */
    static final String DELETE_SESSIONS = """
            DELETE FROM usage_session WHERE id IN (
              SELECT id FROM usage_session
              WHERE state = 'FINAL' AND ends_at < $1 AND export_state IN ('EXPORTED', 'QUARANTINED')
                AND start_export_state <> 'PENDING'
              LIMIT $2)""";

    /** Sessions older than $1 that retention keeps because they are not yet FINAL or not yet exported. */
    static final String SESSIONS_IN_FLIGHT = """
            SELECT count(*) AS kept FROM usage_session
            WHERE coalesce(ends_at, starts_at) < $1
              AND NOT (state = 'FINAL' AND export_state IN ('EXPORTED', 'QUARANTINED')
                       AND start_export_state <> 'PENDING')""";

    /**
     * A batch ($2) of probe runs (their results go by cascade) that started before $1, but never a node's newest:
     * the health of a GPU that has not been probed since still rests on it.
     */
    static final String DELETE_PROBE_RUNS = """
            DELETE FROM probe_run WHERE id IN (
              SELECT p.id FROM probe_run p
              WHERE p.started_at < $1
                AND (p.node_id IS NULL OR EXISTS (SELECT 1 FROM probe_run newer
                                                  WHERE newer.node_id = p.node_id AND newer.started_at > p.started_at))
              LIMIT $2)""";

    /** A batch ($2) of mail sent or refused for good, made before $1; pending mail stays whatever its age. */
    static final String DELETE_SENT_MAIL = """
            DELETE FROM mail_outbox WHERE id IN (
              SELECT id FROM mail_outbox WHERE state <> 'PENDING' AND created_at < $1 LIMIT $2)""";

    /** A batch ($2) of idle-GPU notices made before $1 (their GPUs go by cascade). */
    static final String DELETE_IDLE_NOTICES = """
            DELETE FROM idle_notice WHERE id IN (SELECT id FROM idle_notice WHERE noticed_at < $1 LIMIT $2)""";

    /** A batch ($2) of statements whose period ended before $1. */
    static final String DELETE_STATEMENTS = """
            DELETE FROM statement WHERE id IN (SELECT id FROM statement WHERE period_end < $1 LIMIT $2)""";
}
