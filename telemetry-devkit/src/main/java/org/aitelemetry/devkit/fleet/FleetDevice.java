package org.aitelemetry.devkit.fleet;

import java.util.List;

/**
 * A physical GPU.
 *
 * @param uuid     {@code GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}, derived from the seed
 * @param index    the {@code gpu} label; the device file is {@code nvidia<index>}
 * @param slices   its MIG instances; empty unless the GPU is in MIG mode
 * @param blank    whether it reports DCGM blank sentinels instead of utilization and memory temperature
 */
public record FleetDevice(String uuid, FleetNode node, int index, String pciBusId, List<MigSlice> slices, boolean blank) {

    public FleetDevice {
        slices = List.copyOf(slices);
    }

    public boolean mig() {
        return !slices.isEmpty();
    }

    public String cluster() {
        return node.cluster();
    }
}
