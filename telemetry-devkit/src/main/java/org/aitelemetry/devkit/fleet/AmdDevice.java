package org.aitelemetry.devkit.fleet;

import java.util.Optional;

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
    /** Prefix of an AMD GPU's id where the usage rules and the apps name it. */
    public static final String GPU_ID_PREFIX = "AMD-";

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

    /** The GPU as the usage rules name it ({@code UUID}): its board, the same on each of its partitions. */
    public String gpuId() {
        return GPU_ID_PREFIX + serial;
    }

    /** The profile the usage rules give a partition ({@code GPU_I_PROFILE}: {@code cpx/nps4}); none on a whole GPU. */
    public Optional<String> partitionProfile() {
        return partition() ? Optional.of(partitioning.computeMode() + "/" + partitioning.memoryMode())
                : Optional.empty();
    }

    public String resource() {
        return partitioning.resource();
    }
}
