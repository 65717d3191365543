package org.aitelemetry.devkit.fleet;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * What fleet to simulate. Everything the simulator serves follows from this and the clock: the same spec gives the same
 * UUIDs, names, allocations and readings.
 *
 * @param seed               seeds every random choice
 * @param hub                the ACM hub managing the clusters; its name seeds the ids it publishes
 * @param clusters           the clusters, each with its label variant
 * @param nodesPerCluster    GPU nodes in each cluster
 * @param gpusPerNode        GPUs per node
 * @param vmNodesPerCluster  nodes in each cluster whose GPUs are passed through to KubeVirt VMs, two VMs on each
 * @param amdNodesPerCluster nodes in each cluster with eight AMD Instinct GPUs ({@link AmdGenerator})
 * @param amdHelmPrefix      whether the AMD exporter's metric names carry the {@code amd_} prefix of AMD's Helm chart
 * @param migShare           fraction of each cluster's GPUs in MIG mode
 * @param migLayouts         layouts given to MIG GPUs in turn
 * @param projectsPerCluster namespaces in each cluster
 * @param models             GPU models; each node gets one at random
 * @param usageMix           how the pods use what they were given
 * @param allocatedShare     roughly which fraction of GPUs and slices pods hold
 * @param blankDevices       how many non-MIG GPUs report DCGM blank sentinels (the first ones of the first cluster)
 * @param facts              project health facts per cluster
 * @param epoch              time zero of every waveform and energy counter
 */
public record FleetSpec(long seed, String hub, List<ClusterSpec> clusters, int nodesPerCluster, int gpusPerNode,
        int vmNodesPerCluster, int amdNodesPerCluster, boolean amdHelmPrefix, double migShare,
        List<MigLayout> migLayouts, int projectsPerCluster, List<GpuModel> models, UsageMix usageMix,
        double allocatedShare, int blankDevices, ProjectFacts facts, Instant epoch) {

    public static final Instant DEFAULT_EPOCH = Instant.parse("2025-01-01T00:00:00Z");

    public FleetSpec {
        clusters = List.copyOf(clusters);
        migLayouts = List.copyOf(migLayouts);
        models = List.copyOf(models);
        if (clusters.isEmpty() || models.isEmpty() || migLayouts.isEmpty()) {
            throw new IllegalArgumentException("a fleet needs clusters, GPU models and MIG layouts");
        }
        if (new HashSet<>(clusters.stream().map(ClusterSpec::name).toList()).size() != clusters.size()) {
            throw new IllegalArgumentException("cluster names must be unique");
        }
        if (nodesPerCluster < 1 || gpusPerNode < 1 || projectsPerCluster < 1) {
            throw new IllegalArgumentException("nodes, GPUs and projects must be at least 1");
        }
        if (blankDevices < 0 || vmNodesPerCluster < 0 || amdNodesPerCluster < 0) {
            throw new IllegalArgumentException("blank devices, VM nodes and AMD nodes cannot be negative");
        }
        if (migShare < 0 || migShare > 1 || allocatedShare < 0 || allocatedShare > 1) {
            throw new IllegalArgumentException("shares are fractions between 0 and 1");
        }
    }

    /** A small fleet for tests; see {@link Builder} for its figures. */
    public static Builder builder(long seed) {
        return new Builder(seed);
    }

    /**
     * The acceptance benchmark's fleet: 5 clusters × 250 nodes × 8 GPUs = 10,000 GPUs, 400 of them in MIG mode
     * (200 × seven 1g.10gb, 200 × three mixed instances = 2,000 slices), 5 × 100 = 500 projects.
     */
    public static FleetSpec benchmark(long seed) {
        return builder(seed).clusterCount(5).nodesPerCluster(250).gpusPerNode(8).migShare(0.04)
                .projectsPerCluster(100).facts(new ProjectFacts(5, 2, 3, 10)).build();
    }

    public int gpuCount() {
        return clusters.size() * nodesPerCluster * gpusPerNode;
    }

    /**
     * Starts from two clusters (hub-a native labels, hub-b federated) of 3 nodes × 4 GPUs, a quarter in MIG mode, and
     * no VM or AMD nodes (bare AMD metric names once there are), under a hub named {@code hub}.
     */
    public static final class Builder {
        private final long seed;
        private String hub = "hub";
        private List<ClusterSpec> clusters = List.of(
                new ClusterSpec("hub-a", LabelVariant.NATIVE), new ClusterSpec("hub-b", LabelVariant.FEDERATED));
        private int nodesPerCluster = 3;
        private int gpusPerNode = 4;
        private int vmNodesPerCluster;
        private int amdNodesPerCluster;
        private boolean amdHelmPrefix;
        private double migShare = 0.25;
        private List<MigLayout> migLayouts = List.of(MigLayout.ALL_1G_10GB, MigLayout.MIXED_3G_2G_1G);
        private int projectsPerCluster = 4;
        private List<GpuModel> models = List.of(GpuModel.H100_80GB_HBM3, GpuModel.A100_SXM4_80GB);
        private UsageMix usageMix = new UsageMix(1, 2, 1);
        private double allocatedShare = 0.6;
        private int blankDevices = 1;
        private ProjectFacts facts = new ProjectFacts(2, 1, 1, 1);
        private Instant epoch = DEFAULT_EPOCH;

        private Builder(long seed) {
            this.seed = seed;
        }

        public Builder hub(String value) {
            hub = value;
            return this;
        }

        public Builder clusters(ClusterSpec... value) {
            clusters = List.of(value);
            return this;
        }

        /** Clusters {@code cluster-01}, {@code cluster-02}, … with native and federated labels in turn. */
        public Builder clusterCount(int count) {
            List<ClusterSpec> named = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                LabelVariant labels = i % 2 == 0 ? LabelVariant.NATIVE : LabelVariant.FEDERATED;
                named.add(new ClusterSpec(String.format("cluster-%02d", i + 1), labels));
            }
            clusters = named;
            return this;
        }

        public Builder nodesPerCluster(int value) {
            nodesPerCluster = value;
            return this;
        }

        public Builder gpusPerNode(int value) {
            gpusPerNode = value;
            return this;
        }

        public Builder vmNodesPerCluster(int value) {
            vmNodesPerCluster = value;
            return this;
        }

        public Builder amdNodesPerCluster(int value) {
            amdNodesPerCluster = value;
            return this;
        }

        public Builder amdHelmPrefix(boolean value) {
            amdHelmPrefix = value;
            return this;
        }

        public Builder migShare(double value) {
            migShare = value;
            return this;
        }

        public Builder migLayouts(MigLayout... value) {
            migLayouts = List.of(value);
            return this;
        }

        public Builder projectsPerCluster(int value) {
            projectsPerCluster = value;
            return this;
        }

        public Builder models(GpuModel... value) {
            models = List.of(value);
            return this;
        }

        public Builder usageMix(UsageMix value) {
            usageMix = value;
            return this;
        }

        public Builder allocatedShare(double value) {
            allocatedShare = value;
            return this;
        }

        public Builder blankDevices(int value) {
            blankDevices = value;
            return this;
        }

        public Builder facts(ProjectFacts value) {
            facts = value;
            return this;
        }

        public Builder epoch(Instant value) {
            epoch = value;
            return this;
        }

        public FleetSpec build() {
            return new FleetSpec(seed, hub, clusters, nodesPerCluster, gpusPerNode, vmNodesPerCluster,
                    amdNodesPerCluster, amdHelmPrefix, migShare, migLayouts, projectsPerCluster, models, usageMix,
                    allocatedShare, blankDevices, facts, epoch);
        }
    }
}
