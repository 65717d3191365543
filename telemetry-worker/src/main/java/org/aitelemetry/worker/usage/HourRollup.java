package org.aitelemetry.worker.usage;

import java.util.List;
import java.util.Set;

/**
 * The rows of one hour, and what was left out: series of entities the database does not know, and namespaces holding
 * GPUs that are not (yet) research projects (their devices' rows still count the allocation).
 */
record HourRollup(List<RollupRow> rows, int unknownSeries, Set<String> unknownNamespaces) {

    HourRollup {
        rows = List.copyOf(rows);
        unknownNamespaces = Set.copyOf(unknownNamespaces);
    }
}
