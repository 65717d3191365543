package org.aitelemetry.devkit.fleet;

/**
 * One GPU as AMD's device-metrics-exporter lists it: a whole GPU, or one partition of a compute-partitioned GPU. Pods
 * hold {@link #device()}, so usage and readings follow the same {@link FleetReadings} as NVIDIA GPUs.
 *
 * @param device      the exporter's GPU: {@code uuid} is its {@code gpu_uuid}, {@code index} its {@code gpu_id}, and
 *                    {@code blank} marks a GPU that publishes the pre-v1.4 exporter's sentinel 65535 for power,
 *                    temperature and memory temperature (its energy stays real)
 * @param serial      the board's serial number, the same on each of its partitions
 * @param partitionId {@code gpu_partition_id}: 0 on a whole GPU and on a board's first partition
 * @param memoryMiB   the VRAM of the GPU or partition
 */
public record AmdDevice(FleetDevice device, AmdModel model, String serial, AmdPartitioning partitioning,
        int partitionId, long memoryMiB) {

    /** What a pre-v1.4 exporter published for an unsupported reading. */
    public static final long SENTINEL = 65_535;

    public FleetNode node() {
        return device.node();
    }

    public String cluster() {
        return device.cluster();
    }

    /** Whether it publishes the board's physical readings: a whole GPU or partition 0. */
    public boolean physical() {
        return partitionId == 0;
    }

    public boolean partition() {
        return partitioning != AmdPartitioning.SPX_NPS1;
    }

    public String resource() {
        return partitioning.resource();
    }
}
