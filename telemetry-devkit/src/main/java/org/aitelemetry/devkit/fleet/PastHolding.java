package org.aitelemetry.devkit.fleet;

import java.time.Instant;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A pod of the simulated past holding one GPU, or one MIG instance of it, from {@code from} to {@code to}: what
 * Prometheus would have seen, and the usage session Alertmanager would have posted.
 */
public record PastHolding(FleetPod pod, FleetDevice device, Optional<MigSlice> slice, Instant from, Instant to) {

    /**
     * The labels alertmanager/rules/gpu-usage.rules.yml gives the usage alert of this holding: {@code GpuInUse} for a
     * whole GPU, {@code GpuSliceInUse} with the instance's id and profile for a MIG instance.
     */
    public SortedMap<String, String> alertLabels() {
        SortedMap<String, String> labels = new TreeMap<>();
        labels.put("alertname", slice.isPresent() ? "GpuSliceInUse" : "GpuInUse");
        labels.put("cluster", device.cluster());
        labels.put("Hostname", device.node().name());
        labels.put("UUID", device.uuid());
        labels.put("gpu", Integer.toString(device.index()));
        labels.put("modelName", device.node().model().name());
        labels.put("namespace", pod.namespace());
        labels.put("pod", pod.name());
        labels.put("container", pod.container());
        labels.put("severity", "none");
        labels.put("telemetry", "gpu-usage");
        slice.ifPresent(instance -> {
            labels.put("GPU_I_ID", Integer.toString(instance.gpuInstanceId()));
            labels.put("GPU_I_PROFILE", instance.profile().name());
        });
        return labels;
    }

    boolean covers(Instant at) {
        return !at.isBefore(from) && at.isBefore(to);
    }
}
