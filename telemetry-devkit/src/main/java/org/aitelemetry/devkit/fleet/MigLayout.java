package org.aitelemetry.devkit.fleet;

import java.util.List;

/** How a MIG-enabled GPU is partitioned: its GPU instances with the GPU_I_ID the driver gives each placement. */
public enum MigLayout {

    /** The MIG manager's {@code all-1g.10gb}: seven small instances. */
    ALL_1G_10GB(List.of(
            new Instance(7, MigProfile.MIG_1G_10GB), new Instance(8, MigProfile.MIG_1G_10GB),
            new Instance(9, MigProfile.MIG_1G_10GB), new Instance(10, MigProfile.MIG_1G_10GB),
            new Instance(11, MigProfile.MIG_1G_10GB), new Instance(12, MigProfile.MIG_1G_10GB),
            new Instance(13, MigProfile.MIG_1G_10GB))),
    /** A mixed layout: one each of 3g.40gb, 2g.20gb and 1g.10gb. */
    MIXED_3G_2G_1G(List.of(
            new Instance(1, MigProfile.MIG_3G_40GB), new Instance(5, MigProfile.MIG_2G_20GB),
            new Instance(13, MigProfile.MIG_1G_10GB)));

    private final List<Instance> instances;

    MigLayout(List<Instance> instances) {
        this.instances = instances;
    }

    public List<Instance> instances() {
        return instances;
    }

    /** One GPU instance of the layout. */
    public record Instance(int gpuInstanceId, MigProfile profile) {
    }
}
