package org.aitelemetry.worker.sync;

import java.util.List;
import java.util.Map;

/**
 * What {@link FleetWriter}'s steps hand forward, parents first: the ids of the rows written so far (later steps link
 * to them, and the stale marking spares them) and the number of rows changed.
 */
record WrittenIds(int rowsChanged, Map<String, Long> clusters, Map<String, Long> skus,
        Map<ClusterScopedKey, Long> nodes, Map<ClusterScopedKey, Long> projects, Map<String, Long> devices,
        List<Long> slices, List<Long> virtualMachines) {

    static final WrittenIds NONE =
            new WrittenIds(0, Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), List.of(), List.of());

    WrittenIds plusRows(int rows) {
        return new WrittenIds(rowsChanged + rows, clusters, skus, nodes, projects, devices, slices, virtualMachines);
    }

    WrittenIds withClusters(Map<String, Long> ids) {
        return new WrittenIds(rowsChanged, ids, skus, nodes, projects, devices, slices, virtualMachines);
    }

    WrittenIds withSkus(Map<String, Long> ids) {
        return new WrittenIds(rowsChanged, clusters, ids, nodes, projects, devices, slices, virtualMachines);
    }

    WrittenIds withNodes(Map<ClusterScopedKey, Long> ids) {
        return new WrittenIds(rowsChanged, clusters, skus, ids, projects, devices, slices, virtualMachines);
    }

    WrittenIds withProjects(Map<ClusterScopedKey, Long> ids) {
        return new WrittenIds(rowsChanged, clusters, skus, nodes, ids, devices, slices, virtualMachines);
    }

    WrittenIds withDevices(Map<String, Long> ids) {
        return new WrittenIds(rowsChanged, clusters, skus, nodes, projects, ids, slices, virtualMachines);
    }

    WrittenIds withSlices(List<Long> ids) {
        return new WrittenIds(rowsChanged, clusters, skus, nodes, projects, devices, ids, virtualMachines);
    }

    WrittenIds withVirtualMachines(List<Long> ids) {
        return new WrittenIds(rowsChanged, clusters, skus, nodes, projects, devices, slices, ids);
    }

    /** The key of a node or project named in the cluster called {@code cluster}. */
    ClusterScopedKey key(String cluster, String name) {
        return new ClusterScopedKey(clusters.get(cluster), name);
    }
}
