package org.aitelemetry.devkit.bench;

/**
 * How much fleet the API benchmark seeds. Every cluster has the same nodes, a fifth of them with A100s (the first
 * {@code migNodesPerCluster} of those in MIG mode, five slices per GPU) and the rest with H100s.
 */
record ApiFleetScale(int clusters, int nodesPerCluster, int gpusPerNode, int projectsPerCluster,
        int migNodesPerCluster, int sessionsPerProject, int rollupDays) {

    /** acceptance.md, API: 10,000 GPUs (400 in MIG mode, 2,000 slices), 500 projects. */
    static final ApiFleetScale ACCEPTANCE = new ApiFleetScale(5, 250, 8, 100, 10, 100, 30);
    /** Enough of everything for each operation to find rows, seeded in a second or two. */
    static final ApiFleetScale SMOKE = new ApiFleetScale(2, 25, 8, 20, 2, 10, 2);
    static final int SLICES_PER_MIG_GPU = 5;
    /** Besides every node with a verdict, every tenth node has gpu-probe runs. */
    static final int PROBED_NODE_EVERY = 10;

    ApiFleetScale {
        if (migNodesPerCluster > a100NodesPerCluster(nodesPerCluster)) {
            throw new IllegalArgumentException("MIG nodes must be A100 nodes: at most a fifth of the nodes");
        }
    }

    int a100NodesPerCluster() {
        return a100NodesPerCluster(nodesPerCluster);
    }

    int gpus() {
        return clusters * nodesPerCluster * gpusPerNode;
    }

    int slices() {
        return clusters * migNodesPerCluster * gpusPerNode * SLICES_PER_MIG_GPU;
    }

    int projects() {
        return clusters * projectsPerCluster;
    }

    private static int a100NodesPerCluster(int nodes) {
        return nodes / 5;
    }
}
