package org.aitelemetry.worker.usage;

/**
 * The partitions and daily rows around an hour's upsert; both are database functions of V17, the one definition
 * that the migration also used.
 */
final class DailyRollupSql {

    private DailyRollupSql() {
    }

    /** The month of the hour ($1), hourly and daily, made if missing: a backfilled hour may be older than any. */
    static final String ENSURE_MONTH = """
            SELECT ensure_month_partition('usage_rollup', $1), ensure_month_partition('usage_rollup_daily', $1)""";

    /** The UTC day of the hour ($1) recomputed for the entities ($2 kinds, $3 ids); writes only changed rows. */
    static final String REFRESH_DAY = """
            SELECT refresh_usage_rollup_daily(($1 AT TIME ZONE 'UTC')::date, $2::text[], $3::bigint[]) AS written""";
}
