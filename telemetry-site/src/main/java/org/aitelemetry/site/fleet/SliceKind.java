package org.aitelemetry.site.fleet;

import org.aitelemetry.model.fleet.GpuVendor;

/** What a slice is: an NVIDIA MIG GPU instance, or a partition of an AMD GPU in a CPX/DPX/QPX mode. */
public enum SliceKind {
    MIG_INSTANCE,
    AMD_PARTITION;

    /** The kind of the slices of a GPU by its vendor ({@code gpu_device.vendor}). */
    static SliceKind of(String vendor) {
        return GpuVendor.AMD.name().equals(vendor) ? AMD_PARTITION : MIG_INSTANCE;
    }
}
