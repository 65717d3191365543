package org.aitelemetry.devkit.fleet;

/**
 * An AMD GPU's compute and memory partition modes. In a compute-partitioned mode the exporter lists each partition as
 * a GPU of its own (own {@code gpu_id} and {@code gpu_uuid}, the board's serial number), with an even share of the
 * VRAM, and publishes the board's physical readings (power, temperatures, energy) on partition 0 only.
 */
public enum AmdPartitioning {

    /** The whole GPU, requested as {@code amd.com/gpu}. */
    SPX_NPS1("spx", "nps1", 1),
    /** Eight partitions, one per XCD, requested (device plugin in mixed mode) as {@code amd.com/cpx_nps4}. */
    CPX_NPS4("cpx", "nps4", 8);

    private final String computeMode;
    private final String memoryMode;
    private final int partitions;

    AmdPartitioning(String computeMode, String memoryMode, int partitions) {
        this.computeMode = computeMode;
        this.memoryMode = memoryMode;
        this.partitions = partitions;
    }

    public String computeMode() {
        return computeMode;
    }

    public String memoryMode() {
        return memoryMode;
    }

    public int partitions() {
        return partitions;
    }

    /** The extended resource a pod requests for one GPU or partition in this mode. */
    public String resource() {
        return this == SPX_NPS1 ? "amd.com/gpu" : "amd.com/" + computeMode + "_" + memoryMode;
    }
}
