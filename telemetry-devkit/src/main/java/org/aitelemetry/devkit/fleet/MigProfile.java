package org.aitelemetry.devkit.fleet;

/**
 * A MIG GPU-instance profile of an 80 GB A100/H100.
 *
 * @param name          as in {@code GPU_I_PROFILE}, e.g. {@code 1g.10gb}
 * @param computeSlices sevenths of the GPU's compute it owns, which weigh its share of the GPU's power
 * @param memoryMiB     its framebuffer
 */
public record MigProfile(String name, int computeSlices, long memoryMiB) {

    public static final MigProfile MIG_1G_10GB = new MigProfile("1g.10gb", 1, 9_856);
    public static final MigProfile MIG_2G_20GB = new MigProfile("2g.20gb", 2, 19_968);
    public static final MigProfile MIG_3G_40GB = new MigProfile("3g.40gb", 3, 40_192);

    /** The extended resource a pod requests, e.g. {@code nvidia.com/mig-1g.10gb} (the device plugin's mixed strategy). */
    public String resource() {
        return "nvidia.com/mig-" + name;
    }
}
