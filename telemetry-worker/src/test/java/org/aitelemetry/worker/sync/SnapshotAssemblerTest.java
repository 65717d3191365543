package org.aitelemetry.worker.sync;

import static org.aitelemetry.worker.sync.GpuFinder.Found.NOTHING_NEEDED;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Sample;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.worker.allocation.MetadataSettings;
import org.aitelemetry.worker.allocation.ProjectMetadata;
import org.aitelemetry.worker.catalogue.PassthroughDevices;
import org.aitelemetry.worker.sync.FleetSnapshot.ClusterObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.DeviceObservation;
import org.aitelemetry.worker.sync.FleetSnapshot.SliceKey;
import org.aitelemetry.worker.sync.FleetSnapshot.VmKey;
import org.aitelemetry.worker.sync.FleetSnapshot.VmObservation;
import org.junit.jupiter.api.Test;

class SnapshotAssemblerTest {

    private static final Instant AT = Instant.parse("2026-11-21T12:00:00Z");

    @Test
    void readsBothLabelSpellingsAndMapsTheHubsLocalClusterToTheSourceCluster() {
        FleetQueryResults results = results("hub", 
                vector(series(40960, "cluster", "east", "Hostname", "node-a", "UUID", "GPU-1", "gpu", "0",
                                "modelName", "NVIDIA H100 80GB HBM3", "DCGM_FI_DRIVER_VERSION", "550.90.07",
                                "namespace", "team-a", "pod", "trainer-0", "container", "main"),
                        series(81000, "cluster", "local-cluster", "hostname", "hub-node", "uuid", "GPU-2", "gpu", "1",
                                "modelName", "NVIDIA A100-SXM4-80GB", "exported_namespace", "team-b",
                                "exported_pod", "infer-0", "namespace", "nvidia-gpu-operator"),
                        series(81000, "cluster", "local-cluster", "hostname", "hub-node", "uuid", "GPU-3", "gpu", "2",
                                "modelName", "NVIDIA A100-SXM4-80GB", "namespace", "nvidia-gpu-operator",
                                "pod", "nvidia-dcgm-exporter-x2v9q", "container", "nvidia-dcgm-exporter")),
                Map.of(DcgmField.GPU_UTIL, vector(series(87, "cluster", "east", "UUID", "GPU-1"),
                                series(3, "cluster", "local-cluster", "uuid", "GPU-2")),
                        DcgmField.TOTAL_ENERGY, vector(series(7_500_000, "cluster", "east", "UUID", "GPU-1"))));

        FleetSnapshot snapshot = assembler("hub").assemble(results, NOTHING_NEEDED);

        assertThat(snapshot.clusters()).containsOnlyKeys("east", "hub");
        DeviceObservation east = snapshot.clusters().get("east").devices().get("GPU-1");
        assertThat(east.node()).isEqualTo("node-a");
        assertThat(east.readings().utilizationPercent()).isEqualTo(87.0);
        assertThat(east.readings().energyJoules()).isEqualTo(7500.0);
        assertThat(east.readings().memoryFreeMib()).isEqualTo(40960.0);
        assertThat(snapshot.clusters().get("east").nodes().get("node-a").driverVersion()).isEqualTo("550.90.07");
        assertThat(snapshot.clusters().get("east").projects()).containsOnlyKeys("team-a");

        ClusterObservation hub = snapshot.clusters().get("hub");
        assertThat(hub.devices().get("GPU-2").node()).isEqualTo("hub-node");
        assertThat(hub.devices()).containsOnlyKeys("GPU-2", "GPU-3");
        assertThat(hub.projects()).as("the exporter's own namespace is not a project").containsOnlyKeys("team-b");
        assertThat(snapshot.complete()).isTrue();
    }

    @Test
    void blankSentinelsNeverBecomeReadings() {
        FleetQueryResults results = results("solo", 
                vector(series(2147483632.0, "Hostname", "n", "UUID", "GPU-1", "modelName", "NVIDIA L4")),
                Map.of(DcgmField.GPU_UTIL, vector(series(2147483632.0, "UUID", "GPU-1")),
                        DcgmField.POWER_USAGE, vector(series(140737488355328.0, "UUID", "GPU-1")),
                        DcgmField.TOTAL_ENERGY, vector(series(9223372036854775794.0, "UUID", "GPU-1")),
                        DcgmField.GPU_TEMP, vector(series(41, "UUID", "GPU-1"))));

        DeviceObservation device = assembler("solo").assemble(results, NOTHING_NEEDED).clusters().get("solo").devices()
                .get("GPU-1");

        assertThat(device.readings().utilizationPercent()).isNull();
        assertThat(device.readings().powerWatts()).isNull();
        assertThat(device.readings().energyJoules()).isNull();
        assertThat(device.readings().memoryFreeMib()).isNull();
        assertThat(device.readings().temperatureCelsius()).isEqualTo(41.0);
    }

    @Test
    void migInstancesBecomeSlicesAndTheirDeviceHasNoUtilization() {
        FleetQueryResults results = results("c", 
                vector(series(9000, "Hostname", "n", "UUID", "GPU-M", "modelName", "NVIDIA A100-SXM4-80GB",
                                "GPU_I_ID", "1", "GPU_I_PROFILE", "3g.40gb", "namespace", "team-a", "pod", "p-0"),
                        series(9500, "Hostname", "n", "UUID", "GPU-M", "modelName", "NVIDIA A100-SXM4-80GB",
                                "GPU_I_ID", "2", "GPU_I_PROFILE", "3g.40gb")),
                Map.of(DcgmField.FB_USED, vector(series(31000, "UUID", "GPU-M", "GPU_I_ID", "1"),
                                series(500, "UUID", "GPU-M", "GPU_I_ID", "2")),
                        DcgmField.GR_ENGINE_ACTIVE, vector(series(0.75, "UUID", "GPU-M", "GPU_I_ID", "1")),
                        DcgmField.POWER_USAGE, vector(series(250, "UUID", "GPU-M", "GPU_I_ID", "1"),
                                series(250, "UUID", "GPU-M", "GPU_I_ID", "2"))));

        ClusterObservation cluster = assembler("c").assemble(results, NOTHING_NEEDED).clusters().get("c");

        assertThat(cluster.slices()).containsOnlyKeys(new SliceKey("GPU-M", 1), new SliceKey("GPU-M", 2));
        assertThat(cluster.slices().get(new SliceKey("GPU-M", 1))).satisfies(slice -> {
            assertThat(slice.profile()).isEqualTo("3g.40gb");
            assertThat(slice.engineActive()).isEqualTo(0.75);
            assertThat(slice.namespace()).isEqualTo("team-a");
            assertThat(slice.pod()).isEqualTo("p-0");
        });
        assertThat(cluster.slices().get(new SliceKey("GPU-M", 2)).namespace()).isNull();
        DeviceObservation device = cluster.devices().get("GPU-M");
        assertThat(device.migEnabled()).isTrue();
        assertThat(device.readings().utilizationPercent()).isNull();
        assertThat(device.readings().memoryUsedMib()).isEqualTo(31500.0);
        assertThat(device.readings().memoryFreeMib()).isEqualTo(18500.0);
        assertThat(device.readings().powerWatts()).isEqualTo(250.0);
    }

    @Test
    void projectsCarryAllocationsMigResourcesAndHealthFlags() {
        FleetQueryResults results = new FleetQueryResults(vector(), new DcgmReadings(), vector(), vector(), vector(), vector(),
                vector(),
                vector(series(4, "cluster", "c", "namespace", "team-a", "resource", "nvidia_com_gpu"),
                        series(2, "cluster", "c", "namespace", "team-a", "resource", "nvidia_com_mig_1g_10gb"),
                        series(1, "cluster", "c", "exported_namespace", "team-b", "namespace", "openshift-monitoring",
                                "resource", "nvidia_com_gpu")),
                vector(series(2, "cluster", "c", "namespace", "team-a")),
                vector(series(1, "cluster", "c", "namespace", "team-a")),
                vector(series(1, "cluster", "c", "exported_namespace", "team-b")),
                vector(series(1, "cluster", "c", "namespace", "team-b"), series(1, "cluster", "c", "namespace", "not-gpu")),
                vector(series(1, "cluster", "c", "namespace", "team-a", "annotation_openshift_io_display_name",
                                " Team A lab ", "annotation_openshift_io_requester", "someone",
                                "annotation_cf_pi", "ada", "annotation_cf_allocation_id", ""),
                        series(1, "cluster", "c", "namespace", "not-gpu", "annotation_cf_pi", "nobody"),
                        series(1, "cluster", "other", "namespace", "team-b", "annotation_cf_pi", "elsewhere")),
                vector(series(1, "cluster", "c", "namespace", "team-a", "label_institution", "Example University"),
                        series(1, "cluster", "c", "namespace", "team-b", "label_institution", "Other College")),
                vector(), vector(), vector(), vector());

        ClusterObservation cluster = assembler("c").assemble(results, NOTHING_NEEDED).clusters().get("c");

        assertThat(cluster.projects()).containsOnlyKeys("team-a", "team-b");
        assertThat(cluster.projects().get("team-a")).satisfies(project -> {
            assertThat(project.gpusRequested()).isEqualTo(4.0);
            assertThat(project.migRequested()).containsExactly(Map.entry("nvidia.com/mig-1g.10gb", 2));
            assertThat(project.restartingPods()).isEqualTo(2);
            assertThat(project.terminatingPods()).isEqualTo(1);
            assertThat(project.vllmDetected()).isFalse();
            assertThat(project.metadata()).as("blank values and later sources ignored").isEqualTo(
                    new ProjectMetadata("Team A lab", "ada", "Example University", null, null, null));
        });
        assertThat(cluster.projects().get("team-b")).satisfies(project -> {
            assertThat(project.fullPvcs()).isEqualTo(1);
            assertThat(project.vllmDetected()).isTrue();
            assertThat(project.metadata()).as("a label without annotations; another cluster's namesake not")
                    .isEqualTo(new ProjectMetadata(null, null, "Other College", null, null, null));
        });
    }

    @Test
    void aHubsFactsJoinTheirClusterByNameAndLeaveTheScrapesLabelsOut() {
        String hub = "hub-id";
        FleetQueryResults results = new FleetQueryResults(vector(series(70_000, "cluster", "gpu-a", "UUID", "GPU-A",
                "Hostname", "n1", "modelName", "H100")), new DcgmReadings(), vector(), vector(), vector(), vector(), vector(),
                vector(), vector(),
                vector(), vector(), vector(), vector(), vector(),
                vector(series(1, "managed_cluster_id", "id-a", "hub_cluster_id", hub, "vendor", "OpenShift", "cloud",
                        "Amazon", "version", "4.16.12", "available", "True", "core_worker", "128",
                        "socket_worker", "four", "cluster", "local-cluster", "job", "acm"),
                        series(1, "managed_cluster_id", "id-gone", "vendor", "EKS")),
                vector(series(1, "managed_cluster_id", "id-a", "hub_cluster_id", hub, "name", "gpu-a",
                                "cluster_open_cluster_management_io_clusterset", "research", "cluster", "local-cluster",
                                "namespace", "multicluster-engine", "clusterID", "hub-uuid", "job", "acm"),
                        series(1, "managed_cluster_id", "id-b", "name", "no-gpus")), vector(), vector());

        FleetSnapshot snapshot = assembler("c").assemble(results, NOTHING_NEEDED);

        assertThat(snapshot.clusters()).containsOnlyKeys("gpu-a");
        assertThat(snapshot.clusters().get("gpu-a").managedCluster()).contains(new ManagedClusterFacts("id-a", hub,
                "OpenShift", "Amazon", "4.16.12", "True", 128, null,
                new TreeMap<>(Map.of("cluster_open_cluster_management_io_clusterset", "research"))));
    }

    @Test
    void aClusterTwoAccountsDisagreeOnGetsNoFacts() {
        FleetQueryResults results = new FleetQueryResults(vector(series(70_000, "cluster", "gpu-a", "UUID", "GPU-A",
                "Hostname", "n1", "modelName", "H100"), series(70_000, "cluster", "gpu-b", "UUID", "GPU-B",
                "Hostname", "n2", "modelName", "H100")), new DcgmReadings(), vector(), vector(), vector(), vector(), vector(),
                vector(), vector(),
                vector(), vector(), vector(), vector(), vector(),
                vector(series(1, "managed_cluster_id", "id-a", "vendor", "OpenShift"),
                        series(1, "managed_cluster_id", "id-a", "vendor", "Forged"),
                        series(1, "managed_cluster_id", "id-b", "vendor", "OpenShift")),
                vector(series(1, "managed_cluster_id", "id-a", "name", "gpu-a"),
                        series(1, "managed_cluster_id", "id-b", "name", "gpu-b"),
                        series(1, "managed_cluster_id", "id-b", "name", "gpu-b", "owner", "tenant")), vector(),
                vector());

        FleetSnapshot snapshot = assembler("c").assemble(results, NOTHING_NEEDED);

        assertThat(snapshot.clusters().get("gpu-a").managedCluster()).as("two vendors for its id").isEmpty();
        assertThat(snapshot.clusters().get("gpu-b").managedCluster()).as("two sets of labels").isEmpty();
    }

    @Test
    void vmsHoldWhatTheirLauncherPodsRequestAndKubeVirtNamesThem() {
        String h100 = "nvidia_com_GH100_H100_SXM5_80GB";
        FleetQueryResults results = new FleetQueryResults(vector(), new DcgmReadings(), vector(), vector(), vector(), vector(),
                vector(), vector(),
                vector(), vector(), vector(), vector(), vector(), vector(), vector(), vector(),
                vector(series(4, "cluster", "c", "namespace", "team-v", "pod", "virt-launcher-rhel-gpu-x7k2d",
                                "node", "vm-1", "resource", h100),
                        // Restarted: the old launcher pod is still in the look-back window beside the new one.
                        series(2, "cluster", "c", "namespace", "team-v", "pod", "virt-launcher-train-bcdfg",
                                "node", "vm-1", "resource", h100),
                        series(2, "cluster", "c", "namespace", "team-v", "pod", "virt-launcher-train-hjklm",
                                "node", "vm-2", "resource", h100),
                        series(1, "cluster", "c", "exported_namespace", "team-w", "namespace", "openshift-monitoring",
                                "exported_pod", "virt-launcher-bare-qrstv", "node", "vm-2",
                                "resource", "nvidia_com_TU104GL_Tesla_T4"),
                        series(8, "cluster", "c", "namespace", "team-x", "pod", "trainer-0", "node", "vm-2",
                                "resource", h100)),
                vector(series(1, "cluster", "c", "namespace", "team-v", "name", "rhel-gpu", "node", "vm-1",
                                "phase", "running", "vmi_pod", "virt-launcher-rhel-gpu-x7k2d",
                                "guest_os_name", "Red Hat Enterprise Linux", "guest_os_version_id", "9.4",
                                "instance_type", "u1.2xlarge"),
                        series(1, "cluster", "c", "namespace", "team-v", "name", "train", "node", "vm-1",
                                "phase", "succeeded", "vmi_pod", "virt-launcher-train-bcdfg"),
                        series(1, "cluster", "c", "namespace", "team-v", "name", "train", "node", "vm-2",
                                "phase", "running", "vmi_pod", "virt-launcher-train-hjklm"),
                        series(1, "cluster", "c", "namespace", "team-v", "name", "no-gpus", "phase", "running")));

        FleetSnapshot snapshot = assembler("c").assemble(results, NOTHING_NEEDED);

        ClusterObservation cluster = snapshot.clusters().get("c");
        assertThat(cluster.virtualMachines()).containsOnlyKeys(new VmKey("team-v", "rhel-gpu"),
                new VmKey("team-v", "train"), new VmKey("team-w", "bare"));
        assertThat(cluster.virtualMachines().get(new VmKey("team-v", "rhel-gpu"))).isEqualTo(new VmObservation(
                new VmKey("team-v", "rhel-gpu"), "virt-launcher-rhel-gpu-x7k2d", "vm-1",
                "nvidia.com/GH100_H100_SXM5_80GB", "NVIDIA H100 80GB HBM3", 4, "running",
                "Red Hat Enterprise Linux 9.4", "u1.2xlarge"));
        assertThat(cluster.virtualMachines().get(new VmKey("team-v", "train"))).as("the pod KubeVirt runs it in")
                .satisfies(vm -> {
                    assertThat(vm.launcherPod()).isEqualTo("virt-launcher-train-hjklm");
                    assertThat(vm.node()).isEqualTo("vm-2");
                    assertThat(vm.gpus()).isEqualTo(2);
                    assertThat(vm.phase()).isEqualTo("running");
                });
        assertThat(cluster.virtualMachines().get(new VmKey("team-w", "bare"))).as("no KubeVirt metrics, no SKU known")
                .isEqualTo(new VmObservation(new VmKey("team-w", "bare"), "virt-launcher-bare-qrstv", "vm-2",
                        "nvidia.com/TU104GL_Tesla_T4", "TU104GL_Tesla_T4", 1, null, null, null));
        assertThat(cluster.projects()).as("a VM's namespace is a project").containsOnlyKeys("team-v", "team-w");
        assertThat(cluster.devices()).isEmpty();
        assertThat(snapshot.notices()).containsExactly("1 pods request GPUs passed through by a device plugin but"
                + " are not KubeVirt launcher pods, so no VM accounts for them: team-x/trainer-0");
    }

    @Test
    void warningsMakeTheSnapshotIncomplete() {
        QueryResult partial = new QueryResult("vector", List.of(), List.of("partial response: store eu-1 unavailable"));
        FleetQueryResults results = new FleetQueryResults(partial, new DcgmReadings(), vector(), vector(), vector(), vector(),
                vector(), vector(),
                vector(), vector(), vector(), vector(), vector(), vector(), vector(), vector(), vector(), vector());

        FleetSnapshot snapshot = assembler("c").assemble(results, NOTHING_NEEDED);

        assertThat(snapshot.complete()).isFalse();
        assertThat(snapshot.warnings()).containsExactly("partial response: store eu-1 unavailable");
    }

    @Test
    void identitiesAddOnlyWhatTheInventoryMissedWithFreeMemoryUnknown() {
        FleetQueryResults results = results("c", vector(
                series(70_000, "cluster", "c", "UUID", "GPU-LISTED", "Hostname", "n1", "modelName", "H100")), Map.of());
        GpuFinder.Found found = new GpuFinder.Found(vector(
                series(1, "cluster", "c", "UUID", "GPU-LISTED", "Hostname", "n1", "modelName", "H100"),
                series(1, "cluster", "c", "uuid", "GPU-NO-FREE", "hostname", "n2", "modelName", "A100"),
                series(1, "cluster", "c", "UUID", "GPU-MIG", "Hostname", "n2", "GPU_I_ID", "3", "GPU_I_PROFILE",
                        "1g.10gb"),
                series(1, "cluster", "c", "UUID", "GPU-NO-HOST")), List.of(), 1);

        FleetSnapshot snapshot = assembler("c").assemble(results, found);

        ClusterObservation cluster = snapshot.clusters().get("c");
        assertThat(cluster.devices()).containsOnlyKeys("GPU-LISTED", "GPU-NO-FREE", "GPU-MIG");
        assertThat(cluster.devices().get("GPU-LISTED").readings().memoryFreeMib()).as("the inventory's value stays")
                .isEqualTo(70_000.0);
        assertThat(cluster.devices().get("GPU-NO-FREE").readings().memoryFreeMib()).isNull();
        assertThat(cluster.devices().get("GPU-NO-FREE").node()).isEqualTo("n2");
        assertThat(cluster.devices().get("GPU-MIG").migEnabled()).isTrue();
        assertThat(cluster.slices()).containsOnlyKeys(new SliceKey("GPU-MIG", 3));
        assertThat(snapshot.complete()).isTrue();
        assertThat(snapshot.notices()).containsExactly("2 GPUs or MIG instances publish no DCGM_FI_DEV_FB_FREE (a "
                + "customised dcgm-exporter counter list): found by their other DCGM fields, free memory unknown");
    }

    @Test
    void migResourceNamesAreRestoredFromKubeStateMetricsSpelling() {
        assertThat(ProjectAssembly.migResourceName("nvidia_com_mig_1g_10gb")).isEqualTo("nvidia.com/mig-1g.10gb");
        assertThat(ProjectAssembly.migResourceName("nvidia_com_mig_3g_40gb")).isEqualTo("nvidia.com/mig-3g.40gb");
    }

    private static SnapshotAssembler assembler(String defaultCluster) {
        return new SnapshotAssembler(new LabelVariants(defaultCluster), new DcgmLabels(Set.of("nvidia-dcgm-exporter")),
                MetadataSettings.coldFront(), new PassthroughDevices());
    }

    private static FleetQueryResults results(String defaultCluster, QueryResult inventory,
            Map<DcgmField, QueryResult> readings) {
        Map<DcgmField, QueryResult> all = new EnumMap<>(DcgmField.class);
        Arrays.stream(DcgmField.values()).forEach(field -> all.put(field, readings.getOrDefault(field, vector())));
        return new FleetQueryResults(inventory, DcgmReadingsFixture.of(defaultCluster, all), vector(), vector(), vector(), vector(), vector(), vector(),
                vector(), vector(),
                vector(), vector(), vector(), vector(), vector(), vector(), vector(), vector());
    }

    private static QueryResult vector(Series... series) {
        return new QueryResult("vector", List.of(series), List.of());
    }

    private static Series series(double value, String... labels) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < labels.length; i += 2) {
            map.put(labels[i], labels[i + 1]);
        }
        return new Series(map, List.of(new Sample(AT, value)));
    }
}
