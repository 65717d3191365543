package org.aitelemetry.worker.lifecycle;

import java.util.List;
import java.util.Optional;

/**
 * Tables partitioned alike by month and dropped a month at a time: a parent and the table whose rows reference it
 * (partitioned on the parent's key), children first. A month whose child rows match {@code inFlight} is kept whole.
 *
 * @param table    the name retention reports under (the parent table)
 * @param child    the referencing table, if any
 * @param inFlight a condition on the child's rows that marks data not yet processed, if any
 */
record PartitionFamily(String table, Optional<String> child, Optional<String> inFlight) {

    static final PartitionFamily ALERT_BODIES = new PartitionFamily("alert_batch", Optional.of("alert_notification"),
            Optional.of("id IN (SELECT notification_id FROM alert_pending)"));
    static final PartitionFamily HOURLY_ROLLUPS = new PartitionFamily("usage_rollup", Optional.empty(),
            Optional.empty());
    static final PartitionFamily DAILY_ROLLUPS = new PartitionFamily("usage_rollup_daily", Optional.empty(),
            Optional.empty());

    /** Every partitioned table, in the order partitions are made (parents before children). */
    static List<String> partitionedTables() {
        return List.of("alert_batch", "alert_notification", "usage_rollup", "usage_rollup_daily");
    }

    /** Children first: a parent's month cannot be detached while a child's month still references it. */
    List<String> tablesInDropOrder() {
        return child.map(name -> List.of(name, table)).orElse(List.of(table));
    }
}
