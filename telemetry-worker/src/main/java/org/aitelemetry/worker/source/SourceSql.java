package org.aitelemetry.worker.source;

/**
 * The SQL of a per-source cycle: the source's row, its transaction-scoped advisory lock, the slot its work was last done
 * in, and the replicas that share the work (V26). $1 always names the kind of work: one lock space, one set of marks
 * and one set of replicas per kind.
 */
final class SourceSql {

    private SourceSql() {
    }

    static final String SOURCE_ID = "SELECT id FROM metric_source WHERE name = $1";

    /** $2 is the source's id. */
    static final String TRY_LOCK = "SELECT pg_try_advisory_xact_lock(hashtext($1), ($2::bigint)::int)";

    /** $2 the source's id: the last slot its work committed in, no row when never. */
    static final String DONE_SLOT = "SELECT done_slot FROM source_cycle WHERE work = $1 AND source_id = $2";

    /** $2 source id, $3 slot, $4 replica, $5 when. */
    static final String MARK_DONE = """
            INSERT INTO source_cycle (work, source_id, done_slot, done_by, done_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (work, source_id) DO UPDATE
            SET done_slot = EXCLUDED.done_slot, done_by = EXCLUDED.done_by, done_at = EXCLUDED.done_at""";

    /** Every source's last slot, by the source's name. */
    static final String DONE_SLOTS = """
            SELECT s.name, c.done_slot FROM source_cycle c JOIN metric_source s ON s.id = c.source_id
            WHERE c.work = $1""";

    /** $2 replica, $3 when. */
    static final String BEAT = """
            INSERT INTO worker_replica (work, replica_id, seen_at) VALUES ($1, $2, $3)
            ON CONFLICT (work, replica_id) DO UPDATE SET seen_at = EXCLUDED.seen_at""";

    /** $2 the oldest heartbeat of a replica still taken to run the work. */
    static final String FORGET_GONE = "DELETE FROM worker_replica WHERE work = $1 AND seen_at < $2";

    static final String REPLICAS = "SELECT replica_id FROM worker_replica WHERE work = $1 ORDER BY replica_id";
}
