package org.aitelemetry.site.fleet;

/** Where a node sits, with the ids the pages link by: its cluster's id and name, and its own. */
public record NodeAddress(long clusterId, String cluster, long nodeId, String node) {
}
