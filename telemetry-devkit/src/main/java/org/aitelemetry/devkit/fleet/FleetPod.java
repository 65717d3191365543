package org.aitelemetry.devkit.fleet;

import java.util.List;

/**
 * A pod holding GPUs: either whole GPUs of its node ({@code nvidia.com/gpu}) or one MIG slice
 * ({@code nvidia.com/mig-<profile>}); on an AMD node whole GPUs ({@code amd.com/gpu}) or one partition
 * ({@code amd.com/cpx_nps4}), each an {@link AmdDevice}'s device.
 *
 * @param resource    the Kubernetes extended resource it requests
 * @param usage       how it uses what it holds
 * @param restarting  whether its container keeps restarting
 * @param terminating whether it is stuck terminating
 */
public record FleetPod(FleetProject project, String name, String container, FleetNode node, List<FleetDevice> devices,
        List<MigSlice> slices, String resource, UsageProfile usage, boolean restarting, boolean terminating) {

    public FleetPod {
        devices = List.copyOf(devices);
        slices = List.copyOf(slices);
    }

    public String namespace() {
        return project.namespace();
    }

    /** What a pod holding these NVIDIA GPUs or this MIG slice requests. */
    static String nvidiaResource(List<MigSlice> slices) {
        return slices.isEmpty() ? "nvidia.com/gpu" : slices.get(0).profile().resource();
    }

    /** How many of {@link #resource} it requests. */
    public int requested() {
        return slices.isEmpty() ? devices.size() : slices.size();
    }
}
