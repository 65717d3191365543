package org.aitelemetry.devkit.fleet;

import java.util.List;

/**
 * A pod holding GPUs: either whole GPUs of its node ({@code nvidia.com/gpu}) or one MIG slice
 * ({@code nvidia.com/mig-<profile>}).
 *
 * @param usage       how it uses what it holds
 * @param restarting  whether its container keeps restarting
 * @param terminating whether it is stuck terminating
 */
public record FleetPod(FleetProject project, String name, String container, FleetNode node, List<FleetDevice> devices,
        List<MigSlice> slices, UsageProfile usage, boolean restarting, boolean terminating) {

    public FleetPod {
        devices = List.copyOf(devices);
        slices = List.copyOf(slices);
    }

    public String namespace() {
        return project.namespace();
    }

    /** The Kubernetes extended resource it requests. */
    public String resource() {
        return slices.isEmpty() ? "nvidia.com/gpu" : slices.get(0).profile().resource();
    }

    /** How many of {@link #resource()} it requests. */
    public int requested() {
        return slices.isEmpty() ? devices.size() : slices.size();
    }
}
