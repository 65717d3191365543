package org.aitelemetry.worker.lifecycle;

import java.util.List;

/**
 * What one retention run did to one kind of data.
 *
 * @param table       the table it is reported under
 * @param dropped     partitions dropped (empty for tables whose rows are deleted)
 * @param skipped     partitions kept because they hold data in flight
 * @param rowsDropped rows removed: exact where rows are deleted, the planner's estimate where partitions are dropped
 * @param rowsKept    rows past the cut-off kept because they are in flight (row-deleted tables)
 */
public record TableOutcome(String table, List<String> dropped, List<String> skipped, long rowsDropped,
                           long rowsKept) {

    static TableOutcome off(String table) {
        return new TableOutcome(table, List.of(), List.of(), 0, 0);
    }
}
