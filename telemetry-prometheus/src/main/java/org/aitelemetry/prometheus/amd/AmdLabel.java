package org.aitelemetry.prometheus.amd;

/**
 * The labels AMD's device-metrics-exporter ({@code ROCm/device-metrics-exporter}) puts on every series (contracts.md
 * §5). The workload holding a GPU is in the same {@code namespace}/{@code pod}/{@code container} labels dcgm-exporter
 * uses ({@link org.aitelemetry.prometheus.kube.KubeLabel}), and moves to {@code exported_*} the same way.
 */
public final class AmdLabel {

    /** The GPU's index as AMD SMI numbers it; in a compute-partitioned mode each partition has its own. */
    public static final String GPU_ID = "gpu_id";
    /** The board's serial number: the same on every partition of one GPU, the stable half of its identity. */
    public static final String SERIAL_NUMBER = "serial_number";
    /** AMD SMI's UUID; optional, and a partition's differs from its GPU's. */
    public static final String GPU_UUID = "gpu_uuid";
    /** The board's part number, e.g. {@code 102-G30211-0C}. */
    public static final String CARD_MODEL = "card_model";
    /** The market name, e.g. {@code AMD Instinct MI300X OAM}: the SKU's product name in the catalogue. */
    public static final String CARD_SERIES = "card_series";
    public static final String HOSTNAME = "hostname";
    public static final String DRIVER_VERSION = "driver_version";
    /** Partition number within the GPU, from 0; {@code 0} (or {@code NA} on older exporters) on an unpartitioned GPU. */
    public static final String PARTITION_ID = "gpu_partition_id";
    /** {@code spx} (whole GPU), {@code dpx}, {@code tpx}, {@code qpx} or {@code cpx}; case varies by version. */
    public static final String COMPUTE_PARTITION = "gpu_compute_partition_type";
    /** {@code nps1}, {@code nps2}, {@code nps4} or {@code nps8}. */
    public static final String MEMORY_PARTITION = "gpu_memory_partition_type";

    private AmdLabel() {
    }
}
