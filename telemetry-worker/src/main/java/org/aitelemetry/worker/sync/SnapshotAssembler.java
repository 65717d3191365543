package org.aitelemetry.worker.sync;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.worker.allocation.ProjectMetadataMapping;
import org.aitelemetry.worker.catalogue.PassthroughDevices;
import org.aitelemetry.worker.sync.FleetSnapshot.ClusterObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.DeviceObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.SliceKey;
import org.aitelemetry.worker.sync.FleetSnapshot.SliceObservation;

/** Turns one cycle's query results into a {@link FleetSnapshot}, cluster by cluster. */
final class SnapshotAssembler {

    private final LabelVariants labels;
    private final DcgmLabels dcgm;
    private final ProjectMetadataMapping metadata;
    private final PassthroughDevices passthroughDevices;

    SnapshotAssembler(LabelVariants labels, DcgmLabels dcgm, ProjectMetadataMapping metadata,
            PassthroughDevices passthroughDevices) {
        this.labels = labels;
        this.dcgm = dcgm;
        this.metadata = metadata;
        this.passthroughDevices = passthroughDevices;
    }

    /** With the GPUs the follow-up queries found beside the inventory, and their notices. */
    FleetSnapshot assemble(FleetQueryResults results, GpuFinder.Found found) {
        DeviceAssembly devices = new DeviceAssembly(labels, dcgm, results.readings());
        devices.addInventory(results.inventory());
        AmdDeviceAssembly amdDevices = new AmdDeviceAssembly(labels, dcgm, results.amdInventory(),
                results.amdReadings());
        List<String> notices = new ArrayList<>(found.notices());
        int withoutFreeMemory = devices.addIdentities(found.identities());
        if (withoutFreeMemory > 0) {
            notices.add(withoutFreeMemory + " GPUs or MIG instances publish no " + DcgmField.FB_FREE_METRIC
                    + " (a customised dcgm-exporter counter list): found by their other DCGM fields, free memory unknown");
        }
        if (amdDevices.unnamedSeries() > 0) {
            notices.add(amdDevices.unnamedSeries() + " AMD GPUs or partitions publish no serial number (or no"
                    + " hostname): not stored, as a GPU is known by its board's serial");
        }
        NodeAssembly nodes = new NodeAssembly(labels, results.nodeLabels(), results.nodeCapacity(), results.nodeInfo());
        ProjectAssembly projects = new ProjectAssembly(labels, results, metadata);
        ManagedClusterAssembly hubs = new ManagedClusterAssembly(results.managedClusterInfo(),
                results.managedClusterLabels());
        VirtualMachineAssembly vms = new VirtualMachineAssembly(labels, passthroughDevices, results.vmGpuRequests(),
                results.vmInstances());
        vms.notice().ifPresent(notices::add);
        Map<String, Map<String, DeviceObservation>> devicesByCluster = devices.devicesByCluster();
        amdDevices.devicesByCluster().forEach((cluster, amd) ->
                devicesByCluster.computeIfAbsent(cluster, c -> new LinkedHashMap<>()).putAll(amd));

        Set<String> clusterNames = new LinkedHashSet<>(devicesByCluster.keySet());
        nodes.clusters().forEach(clusterNames::add);
        projects.clusters().forEach(clusterNames::add);
        vms.clusters().forEach(clusterNames::add);

        Map<String, ClusterObservation> clusters = new LinkedHashMap<>();
        for (String cluster : clusterNames) {
            Map<String, DeviceObservation> clusterDevices = devicesByCluster.getOrDefault(cluster, Map.of());
            Set<String> namespacesHoldingGpus = new LinkedHashSet<>(devices.namespacesInUse(cluster));
            namespacesHoldingGpus.addAll(amdDevices.namespacesInUse(cluster));
            namespacesHoldingGpus.addAll(vms.namespaces(cluster));
            Map<SliceKey, SliceObservation> slices = new LinkedHashMap<>(devices.slices(cluster));
            slices.putAll(amdDevices.slices(cluster));
            clusters.put(cluster, new ClusterObservation(cluster, nodes.nodes(cluster, clusterDevices,
                    (c, node) -> Optional.ofNullable(devices.driverVersion(c, node))
                            .or(() -> amdDevices.driverVersion(c, node)).orElse(null)),
                    clusterDevices, slices, projects.projects(cluster, namespacesHoldingGpus), hubs.of(cluster),
                    vms.virtualMachines(cluster)));
        }
        List<String> warnings = results.warnings();
        return new FleetSnapshot(clusters, warnings.isEmpty(), warnings, notices);
    }
}
