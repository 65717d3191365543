package org.aitelemetry.devkit.fleet;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;

/**
 * A tenant's own exporter, scraped under the tenant's job ({@value FleetSimulator#TENANT_JOB}), that publishes the GPU
 * exporters' metric names to forge another team's usage (acceptance scenario 30): readings for two real GPUs of the
 * cluster held by pods of another team's namespace (one in the exported_* spelling, one in the plain one), a GPU that
 * does not exist on a real node under the other cluster's name, GPU requests of the victim's namespace and a GPU node
 * that does not exist, a PI and title for the victim's namespace, the ACM hub's facts of the cluster, and a KubeVirt VM
 * of the victim's namespace with its launcher pod's request for passthrough GPUs ({@link #forgedVm}), and, where the
 * cluster has AMD GPUs, AMD exporter VRAM use of a real board ({@link #forgedAmdDevice}) by the victim. The scraping
 * Prometheus honours labels, so every forged label reaches the store as written.
 */
public final class TenantForgery {

    public static final String TENANT_NAMESPACE = "tenant-forger";
    public static final String FORGED_UUID = "GPU-f0f0f0f0-0000-4000-8000-00000000f00d";
    public static final String FORGED_NODE = "forged-gpu-node";
    /** Pods of the victim's namespace that exist only on the forged page. */
    public static final List<String> FORGED_PODS = List.of("forged-trainer-0", "forged-trainer-1");
    public static final int FORGED_GPU_REQUEST = 64;
    /** The PI the tenant claims for the victim's namespace. */
    public static final String FORGED_PI = "forger@tenant.example";
    /** The vendor and cloud the tenant claims for the cluster, as if it were the ACM hub. */
    public static final String FORGED_VENDOR = "Forged";
    /** The VM the tenant claims runs in the victim's namespace, and how many passthrough GPUs it claims it holds. */
    public static final String FORGED_VM = "forged-vm";
    public static final int FORGED_VM_GPUS = 8;

    private final FleetDefinition fleet;
    private final HubExposition hub;

    TenantForgery(FleetDefinition fleet, HubExposition hub) {
        this.fleet = fleet;
        this.hub = hub;
    }

    /** The real whole GPUs of a cluster whose readings the tenant forges. */
    public List<FleetDevice> forgedDevices(String cluster) {
        return fleet.devices(cluster).stream().filter(device -> !device.mig() && !device.blank()).limit(2).toList();
    }

    /** The namespace whose usage and requests the tenant forges: another team's. */
    public String victimNamespace(String cluster) {
        return victim(cluster).namespace();
    }

    /**
     * The VM the tenant forges in the victim's namespace: {@code kubevirt_vmi_info} and its launcher pod's GPU request,
     * on the cluster's first VM node (a node of that name that does not exist where the cluster has none).
     */
    public FleetVm forgedVm(String cluster) {
        FleetVmNode node = fleet.vmNodes(cluster).stream().findFirst().orElseGet(() -> new FleetVmNode(cluster,
                FORGED_NODE, VmGenerator.GPU_DEVICE, FORGED_VM_GPUS, "6.6.6", "forged"));
        return new FleetVm(victim(cluster), FORGED_VM, "virt-launcher-" + FORGED_VM + "-f2f2d", node, FORGED_VM_GPUS,
                "gn1.8xlarge", "rhel.9", FleetVm.NONE, FleetVm.NONE, FleetVm.NONE,
                new FleetVm.GuestOs("Red Hat Enterprise Linux", "9.4", "forged", "pc-q35-rhel9.4.0", "x86_64"));
    }

    /** The real AMD GPU whose VRAM use the tenant forges, if the cluster has AMD GPUs. */
    public Optional<AmdDevice> forgedAmdDevice(String cluster) {
        return fleet.amdDevices(cluster).stream().filter(amd -> !amd.partition()).findFirst();
    }

    private FleetProject victim(String cluster) {
        List<FleetProject> projects = fleet.projects(cluster);
        return projects.get(projects.size() - 1);
    }

    void write(String cluster, OutputStream out) throws IOException {
        ExpositionWriter writer = new ExpositionWriter(out);
        String victim = victimNamespace(cluster);
        List<FleetDevice> devices = forgedDevices(cluster);
        forgeReadings(writer, cluster, victim, devices);
        forgeKube(writer, victim, devices.get(0).node());
        String forgedHub = new Labels().add("hub_cluster_id", "forged-hub")
                .add("managed_cluster_id", hub.managedClusterId(cluster)).toString();
        gauge(writer, "acm_managed_cluster_info", List.of(forgedHub + ","
                + new Labels().add("vendor", FORGED_VENDOR).add("cloud", FORGED_VENDOR)), 1);
        gauge(writer, "acm_managed_cluster_labels", List.of(forgedHub + ","
                + new Labels().add("name", cluster).add("owner", "tenant-forger")), 1);
        gauge(writer, KubevirtExposition.VMI_INFO, List.of(KubevirtExposition.vmiInfo(forgedVm(cluster))), 1);
        Optional<AmdDevice> amd = forgedAmdDevice(cluster);
        if (amd.isPresent()) {
            FleetPod forger = new FleetPod(victim(cluster), FORGED_PODS.get(0), "main", amd.get().node(), List.of(),
                    List.of(), amd.get().resource(), UsageProfile.BUSY, false, false);
            gauge(writer, AmdFamily.USED_VRAM.metric(true, fleet.spec().amdHelmPrefix()),
                    List.of(AmdExposition.labels(LabelVariant.NATIVE, amd.get(), Optional.of(forger))),
                    amd.get().memoryMiB());
        }
        writer.finish();
    }

    private void forgeReadings(ExpositionWriter writer, String cluster, String victim, List<FleetDevice> devices)
            throws IOException {
        String otherCluster = fleet.clusters().stream().map(ClusterSpec::name).filter(name -> !name.equals(cluster))
                .findFirst().orElse(cluster);
        FleetNode realNode = devices.get(0).node();
        List<String> gpus = List.of(
                gpu(cluster, devices.get(0).uuid(), realNode.name()).add("exported_namespace", victim)
                        .add("exported_pod", FORGED_PODS.get(0)).add("exported_container", "main").toString(),
                gpu(cluster, devices.get(1).uuid(), devices.get(1).node().name()).add("namespace", victim)
                        .add("pod", FORGED_PODS.get(1)).add("container", "main").toString(),
                gpu(otherCluster, FORGED_UUID, realNode.name()).add("exported_namespace", victim)
                        .add("exported_pod", FORGED_PODS.get(0)).add("exported_container", "main").toString());
        gauge(writer, "DCGM_FI_DEV_FB_FREE", gpus, 1);
        gauge(writer, "DCGM_FI_DEV_FB_USED", gpus, 80_000);
        gauge(writer, "DCGM_FI_DEV_GPU_UTIL", gpus, 100);
        gauge(writer, "DCGM_FI_DEV_POWER_USAGE", gpus, 1_999);
        gauge(writer, "DCGM_FI_DEV_GPU_TEMP", gpus, 120);
        gauge(writer, "DCGM_FI_DEV_MEMORY_TEMP", gpus, 120);
        gauge(writer, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", gpus, 9_000_000_000_000_000L);
        gauge(writer, "DCGM_FI_PROF_GR_ENGINE_ACTIVE", gpus, 1);
    }

    private void forgeKube(ExpositionWriter writer, String victim, FleetNode realNode) throws IOException {
        String forgedNode = new Labels().add("node", FORGED_NODE).toString();
        gauge(writer, "kube_node_info", List.of(new Labels().add("node", FORGED_NODE).add("kernel_version", "6.6.6")
                .add("os_image", "forged").toString()), 1);
        gauge(writer, "kube_node_labels", List.of(forgedNode + ","
                + new Labels().add("label_nvidia_com_gpu_product", realNode.model().productLabel())), 1);
        gauge(writer, "kube_node_status_capacity", List.of(forgedNode + ","
                + new Labels().add("resource", "nvidia_com_gpu").add("unit", "integer")), 8);
        Labels request = new Labels().add("namespace", victim).add("pod", FORGED_PODS.get(0)).add("container", "main");
        FleetVm vm = forgedVm(realNode.cluster());
        writer.family("kube_pod_container_resource_requests", "gauge", "Forged by a tenant.");
        writer.sample("kube_pod_container_resource_requests", request + "," + new Labels().add("node", realNode.name())
                .add("resource", "nvidia_com_gpu").add("unit", "integer"), FORGED_GPU_REQUEST);
        writer.sample("kube_pod_container_resource_requests", KubeExposition.vmRequest(vm), vm.gpus());
        gauge(writer, "kube_pod_deletion_timestamp", List.of(request.toString()), 1);
        gauge(writer, "kube_namespace_annotations", List.of(new Labels().add("namespace", victim)
                .add("annotation_cf_pi", FORGED_PI).add("annotation_openshift_io_display_name", "Forged").toString()),
                1);
    }

    /** The identity labels of a GPU and the tenant's own exporter pod, as the tenant's scrape would label it. */
    private static Labels gpu(String cluster, String uuid, String node) {
        return new Labels().add("cluster", cluster).add("gpu", 0).add("UUID", uuid)
                .add("modelName", GpuModel.H100_80GB_HBM3.name()).add("Hostname", node)
                .add("DCGM_FI_DRIVER_VERSION", "550.90.07");
    }

    private static void gauge(ExpositionWriter writer, String name, List<String> series, long value)
            throws IOException {
        writer.family(name, "gauge", "Forged by a tenant.");
        for (String labels : series) {
            writer.sample(name, labels, value);
        }
    }
}
