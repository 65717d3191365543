package org.aitelemetry.devkit.bench;

/**
 * How much fleet the API benchmark seeds. Every cluster has the same nodes, a fifth of them with A100s (the first
 * {@code migNodesPerCluster} of those in MIG mode, five slices per GPU) and the rest with H100s.
 */
record ApiFleetScale(int clusters, int nodesPerCluster, int gpusPerNode, int projectsPerCluster,
        int migNodesPerCluster, int sessionsPerProject, int rollupDays) {

    static final int CLUSTERS = 5;
    static final int GPUS_PER_NODE = 8;
    /** One node in 25 is in MIG mode, at any size. */
    static final int NODES_PER_MIG_NODE = 25;
    /** The smallest fleet {@link #of} makes: each cluster has a MIG node. */
    static final int MIN_GPUS = CLUSTERS * GPUS_PER_NODE * NODES_PER_MIG_NODE;
    /** Node names have four digits. */
    static final int MAX_GPUS = CLUSTERS * GPUS_PER_NODE * 9_999;
    /** acceptance.md, API: 10,000 GPUs (400 in MIG mode, 2,000 slices), 500 projects. */
    static final ApiFleetScale ACCEPTANCE = of(10_000, 500);
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

    /**
     * A fleet of {@code gpus} GPUs and {@code projects} projects shaped as {@link #ACCEPTANCE}: five clusters of 8-GPU
     * nodes, one node in 25 in MIG mode, 100 sessions and 30 days of hourly rollups per project, so a project's rows
     * stay the same at any size and only the number of everything grows.
     */
    static ApiFleetScale of(int gpus, int projects) {
        if (gpus < MIN_GPUS || gpus > MAX_GPUS || gpus % (CLUSTERS * GPUS_PER_NODE) != 0) {
            throw new IllegalArgumentException(String.format("--gpus must be a multiple of %d from %,d to %,d, not %d",
                    CLUSTERS * GPUS_PER_NODE, MIN_GPUS, MAX_GPUS, gpus));
        }
        if (projects < CLUSTERS || projects % CLUSTERS != 0) {
            throw new IllegalArgumentException("--projects must be a multiple of " + CLUSTERS + ", not " + projects);
        }
        int nodes = gpus / (CLUSTERS * GPUS_PER_NODE);
        return new ApiFleetScale(CLUSTERS, nodes, GPUS_PER_NODE, projects / CLUSTERS, nodes / NODES_PER_MIG_NODE, 100,
                30);
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
