package org.aitelemetry.worker.source;

/** The SQL of a per-source cycle: the source's row and its transaction-scoped advisory lock. */
final class SourceSql {

    private SourceSql() {
    }

    static final String SOURCE_ID = "SELECT id FROM metric_source WHERE name = $1";

    /** $1 names the cycle (one lock space per kind of work), $2 is the source's id. */
    static final String TRY_LOCK = "SELECT pg_try_advisory_xact_lock(hashtext($1), ($2::bigint)::int)";
}
