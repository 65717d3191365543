package org.aitelemetry.devkit.fleet;

/**
 * A GPU product as the simulator needs it: the name dcgm-exporter reports as {@code modelName} and the physical ranges
 * the readings move in.
 */
public record GpuModel(String name, long memoryMiB, double idleWatts, double maxWatts, int idleSmClockMHz,
        int maxSmClockMHz) {

    public static final GpuModel H100_80GB_HBM3 = new GpuModel("NVIDIA H100 80GB HBM3", 81559, 70, 700, 345, 1980);
    public static final GpuModel A100_SXM4_80GB = new GpuModel("NVIDIA A100-SXM4-80GB", 81920, 60, 400, 210, 1410);

    /** The value GPU feature discovery puts in the node label {@code nvidia.com/gpu.product}. */
    public String productLabel() {
        return name.replace(' ', '-');
    }
}
