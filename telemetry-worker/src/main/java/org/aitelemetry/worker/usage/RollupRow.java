package org.aitelemetry.worker.usage;

import org.aitelemetry.model.usage.RollupEntityKind;

/** One {@code usage_rollup} row of an hour, before it is written. */
record RollupRow(RollupEntityKind kind, long entityId, long clusterId, Usage usage, Cost cost) {
}
