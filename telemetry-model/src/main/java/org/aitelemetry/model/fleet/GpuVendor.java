package org.aitelemetry.model.fleet;

/** Who made a GPU, as {@code gpu_device.vendor} derives it from the device's id (V25). */
public enum GpuVendor {
    /** A {@code GPU-…} UUID, read from dcgm-exporter. */
    NVIDIA,
    /** An {@code AMD-<board serial>} id, read from AMD's device-metrics-exporter. */
    AMD
}
