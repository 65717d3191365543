package org.aitelemetry.worker.sync;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.aitelemetry.worker.allocation.ProjectMetadata;

/**
 * What one sync cycle read from one metric source, per cluster. {@code complete} is false when any query came back
 * with warnings (a partial response): such a snapshot may update what it contains but must never mark anything missing.
 * {@code notices} tell the operator about a complete read that found less than the source holds (GPUs without free
 * memory, or no GPU at all and why).
 */
record FleetSnapshot(Map<String, ClusterObservation> clusters, boolean complete, List<String> warnings,
        List<String> notices) {

    /** @param managedCluster what the source's ACM hub says of the cluster; empty where no hub names it */
    record ClusterObservation(String name, Map<String, NodeObservation> nodes, Map<String, DeviceObservation> devices,
            Map<SliceKey, SliceObservation> slices, Map<String, ProjectObservation> projects,
            Optional<ManagedClusterFacts> managedCluster, Map<VmKey, VmObservation> virtualMachines) {
    }

    record NodeObservation(String name, int gpuCount, String gpuProduct, String driverVersion, String cudaVersion,
            String kernelVersion, String osImage) {
    }

    record DeviceObservation(String uuid, String node, String model, Integer index, String pciBusId, boolean migEnabled,
            Readings readings) {
    }

    /** Latest readings in model units; null where the exporter has no value (or only a DCGM blank). */
    record Readings(Double utilizationPercent, Double memoryUsedMib, Double memoryFreeMib, Double powerWatts,
            Double temperatureCelsius, Double memoryTemperatureCelsius, Double energyJoules) {
    }

    record SliceKey(String deviceUuid, int gpuInstanceId) {
    }

    record SliceObservation(SliceKey key, String profile, Double engineActive, Double memoryUsedMib,
            Double memoryFreeMib, String namespace, String pod, String container) {
    }

    record VmKey(String namespace, String name) {
    }

    /**
     * A VM holding GPUs passed through to it, by its launcher pod's requests; KubeVirt's facts (phase, guest OS,
     * instance type) are null where its metrics do not say them.
     *
     * @param gpuResource the device plugin's resource, e.g. {@code nvidia.com/GH100_H100_SXM5_80GB}
     * @param gpuModel    the SKU it is priced as, or the device name where no SKU is known
     */
    record VmObservation(VmKey key, String launcherPod, String node, String gpuResource, String gpuModel, int gpus,
            String phase, String guestOs, String instanceType) {
    }

    record ProjectObservation(String namespace, double gpusRequested, Map<String, Integer> migRequested,
            int restartingPods, int terminatingPods, int fullPvcs, boolean vllmDetected, ProjectMetadata metadata) {
    }
}
