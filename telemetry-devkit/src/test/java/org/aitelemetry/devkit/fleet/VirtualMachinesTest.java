package org.aitelemetry.devkit.fleet;

import static org.aitelemetry.devkit.fleet.SimulatorPages.named;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.entry;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.aitelemetry.devkit.fleet.ExpositionParser.Sample;
import org.aitelemetry.devkit.prometheus.ScrapeTarget;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * KubeVirt VMs holding passthrough GPUs: what the definition says of them, and how the kube-state-metrics and KubeVirt
 * pages show them in clusters of either label variant (hub-a native, hub-b federated), stopped and started again.
 */
class VirtualMachinesTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final String PASSTHROUGH = "nvidia_com_GH100_H100_SXM5_80GB";
    private static final String REQUESTS = "kube_pod_container_resource_requests";

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(7).vmNodesPerCluster(1).build());
    private FleetSimulator simulator;
    private SimulatorPages pages;

    @AfterEach
    void stop() {
        if (simulator != null) {
            simulator.close();
        }
    }

    @Test
    void eachVmNodeHasEightPassthroughGpusAndTwoVmsInItsClustersProjects() {
        for (ClusterSpec cluster : fleet.clusters()) {
            FleetVmNode node = fleet.vmNodes(cluster.name()).get(0);
            assertThat(fleet.vmNodes(cluster.name())).hasSize(1);
            assertThat(node.name()).isEqualTo(cluster.name() + "-vm-gpu-01");
            assertThat(node.gpus()).isEqualTo(8);
            assertThat(node.kernelVersion()).isEqualTo(fleet.nodes(cluster.name()).get(0).kernelVersion());
            assertThat(fleet.nodes(cluster.name())).extracting(FleetNode::name).doesNotContain(node.name());

            List<FleetVm> vms = fleet.virtualMachines(cluster.name());
            assertThat(vms).extracting(FleetVm::gpus).containsExactly(4, 2);
            assertThat(vms).extracting(FleetVm::instanceType).as("one from an instance type, one from a template")
                    .containsExactly("gn1.4xlarge", FleetVm.NONE);
            assertThat(vms).extracting(FleetVm::os).containsExactly(FleetVm.NONE, "rhel9");
            assertThat(vms).allSatisfy(vm -> {
                assertThat(fleet.projects(cluster.name())).contains(vm.project());
                assertThat(vm.cluster()).isEqualTo(cluster.name());
                assertThat(vm.node()).isEqualTo(node);
                assertThat(vm.launcherPod()).matches("virt-launcher-" + Pattern.quote(vm.name()) + "-[a-z0-9]{5}");
                assertThat(vm.gpuResource()).isEqualTo("nvidia.com/GH100_H100_SXM5_80GB");
                assertThat(vm.resourceLabel()).isEqualTo(PASSTHROUGH);
            });
        }
        assertThat(FleetDefinition.generate(FleetSpec.builder(7).build()).virtualMachines()).as("none by default")
                .isEmpty();
        assertThatIllegalArgumentException().isThrownBy(() -> FleetSpec.builder(7).vmNodesPerCluster(-1).build());
    }

    @Test
    void vmsFollowTheSeedAndLeaveTheGpuFleetAsItWas() {
        FleetDefinition again = FleetDefinition.generate(FleetSpec.builder(7).vmNodesPerCluster(1).build());
        FleetDefinition other = FleetDefinition.generate(FleetSpec.builder(8).vmNodesPerCluster(1).build());
        FleetDefinition withoutVms = FleetDefinition.generate(FleetSpec.builder(7).build());

        assertThat(again.virtualMachines()).isEqualTo(fleet.virtualMachines());
        assertThat(other.virtualMachines()).extracting(FleetVm::launcherPod)
                .doesNotContainAnyElementsOf(fleet.virtualMachines().stream().map(FleetVm::launcherPod).toList());
        assertThat(withoutVms.devices()).isEqualTo(fleet.devices());
        assertThat(withoutVms.pods()).isEqualTo(fleet.pods());
    }

    @Test
    void kubePagesOfferThePassthroughGpusAndTheLauncherPodsRequestThemInEitherLabelVariant() throws Exception {
        start();
        for (ClusterSpec cluster : fleet.clusters()) {
            List<Sample> kube = pages.samples(FleetSimulator.kubePath(cluster.name()));
            FleetVmNode node = fleet.vmNodes(cluster.name()).get(0);
            List<FleetVm> vms = fleet.virtualMachines(cluster.name());

            assertThat(onNode(named(kube, "kube_node_info"), node)).singleElement().satisfies(info ->
                    assertThat(info.labels()).containsEntry("kernel_version", node.kernelVersion())
                            .containsEntry("os_image", node.osImage()));
            assertThat(onNode(named(kube, "kube_node_labels"), node)).singleElement().satisfies(labels ->
                    assertThat(labels.labels()).containsOnly(entry("node", node.name()),
                            entry("label_nvidia_com_gpu_workload_config", "vm-passthrough")));
            assertThat(onNode(named(kube, "kube_node_status_capacity"), node)).singleElement().satisfies(capacity -> {
                assertThat(capacity.labels()).containsOnly(entry("node", node.name()), entry("resource", PASSTHROUGH),
                        entry("unit", "integer"));
                assertThat(capacity.value()).isEqualTo(8);
            });
            List<Sample> requests = passthroughRequests(kube);
            assertThat(requests).extracting(Sample::labels).as("plain namespace and pod in %s", cluster.labels())
                    .containsExactlyElementsOf(vms.stream().map(vm -> Map.of("namespace", vm.namespace(),
                            "pod", vm.launcherPod(), "container", "compute", "node", node.name(),
                            "resource", PASSTHROUGH, "unit", "integer")).toList());
            assertThat(requests).extracting(Sample::value).containsExactly(4.0, 2.0);
            assertThat(named(kube, "kube_pod_container_status_restarts_total"))
                    .filteredOn(restarts -> restarts.labels().get("pod").startsWith("virt-launcher-"))
                    .extracting(restarts -> restarts.labels().get("pod") + "/" + restarts.labels().get("container")
                            + "=" + restarts.value())
                    .containsExactlyElementsOf(vms.stream().map(vm -> vm.launcherPod() + "/compute=0.0").toList());
        }
    }

    @Test
    void dcgmExporterSeesNoPassthroughGpu() throws Exception {
        start();
        for (ClusterSpec cluster : fleet.clusters()) {
            String vmNode = fleet.vmNodes(cluster.name()).get(0).name();
            List<Sample> dcgm = pages.samples(FleetSimulator.dcgmPath(cluster.name()));
            assertThat(named(dcgm, "DCGM_FI_DEV_GPU_TEMP")).hasSize(fleet.dcgmSeriesCount(cluster.name()));
            assertThat(dcgm).noneMatch(sample -> vmNode.equals(sample.labels().get(cluster.labels().hostnameLabel())));
        }
    }

    @Test
    void kubevirtPagesDescribeEachRunningVmInstanceAsKubevirtLabelsIt() throws Exception {
        start();
        for (ClusterSpec cluster : fleet.clusters()) {
            String page = pages.get(FleetSimulator.kubevirtPath(cluster.name()));
            assertThat(page).startsWith("# HELP kubevirt_vmi_info Information about VirtualMachineInstances.\n"
                    + "# TYPE kubevirt_vmi_info gauge\n");
            List<Sample> samples = ExpositionParser.parse(page);
            List<FleetVm> vms = fleet.virtualMachines(cluster.name());
            assertThat(samples).extracting(Sample::name).containsOnly("kubevirt_vmi_info");
            assertThat(samples).extracting(Sample::value).containsOnly(1.0);
            assertThat(samples).extracting(sample -> sample.labels().get("vmi_pod"))
                    .containsExactlyElementsOf(vms.stream().map(FleetVm::launcherPod).toList());
            FleetVm fromInstanceType = vms.get(0);
            assertThat(samples.get(0).labels()).containsExactly(entry("node", fromInstanceType.node().name()),
                    entry("namespace", fromInstanceType.namespace()), entry("name", fromInstanceType.name()),
                    entry("phase", "running"), entry("os", "<none>"), entry("workload", "<none>"),
                    entry("flavor", "<none>"), entry("instance_type", "gn1.4xlarge"), entry("preference", "ubuntu"),
                    entry("guest_os_kernel_release", "5.15.0-119-generic"),
                    entry("guest_os_machine", "pc-q35-rhel9.4.0"),
                    entry("guest_os_arch", "x86_64"), entry("guest_os_name", "Ubuntu"),
                    entry("guest_os_version_id", "22.04"), entry("evictable", "false"), entry("outdated", "false"),
                    entry("vmi_pod", fromInstanceType.launcherPod()));
            assertThat(samples.get(1).labels()).contains(entry("os", "rhel9"), entry("workload", "server"),
                    entry("flavor", "large"), entry("instance_type", "<none>"), entry("preference", "<none>"),
                    entry("guest_os_name", "Red Hat Enterprise Linux"), entry("guest_os_version_id", "9.4"));
        }
    }

    @Test
    void prometheusScrapesKubevirtOnlyInClustersWithVms() throws Exception {
        start();
        assertThat(simulator.scrapeTargets()).filteredOn(target -> target.job().equals(FleetSimulator.KUBEVIRT_JOB))
                .extracting(target -> target.metricsPath() + " " + target.labels())
                .containsExactly("/metrics/hub-a/kubevirt {cluster=hub-a}", "/metrics/hub-b/kubevirt {cluster=hub-b}");
        try (FleetSimulator withoutVms = new FleetSimulator(FleetDefinition.generate(FleetSpec.builder(7).build()))) {
            withoutVms.start();
            assertThat(withoutVms.scrapeTargets()).extracting(ScrapeTarget::job)
                    .doesNotContain(FleetSimulator.KUBEVIRT_JOB);
        }
    }

    @Test
    void aStoppedVmLeavesBothPagesUntilItStartsAgain() throws Exception {
        start();
        FleetVm stopped = fleet.virtualMachines("hub-b").get(0);
        FleetVm running = fleet.virtualMachines("hub-b").get(1);

        simulator.stopVm(stopped);
        List<Sample> kube = pages.samples(FleetSimulator.kubePath("hub-b"));
        assertThat(kube).noneMatch(sample -> stopped.launcherPod().equals(sample.labels().get("pod")));
        assertThat(passthroughRequests(kube)).extracting(sample -> sample.labels().get("pod"))
                .containsExactly(running.launcherPod());
        assertThat(onNode(named(kube, "kube_node_status_capacity"), stopped.node())).as("the node stays")
                .singleElement().extracting(Sample::value).isEqualTo(8.0);
        assertThat(vmNames("hub-b")).containsExactly(running.name());
        assertThat(vmNames("hub-a")).as("other clusters' VMs run on").hasSize(2);

        simulator.startVm(stopped);
        assertThat(vmNames("hub-b")).containsExactly(stopped.name(), running.name());
        assertThat(passthroughRequests(pages.samples(FleetSimulator.kubePath("hub-b"))))
                .extracting(sample -> sample.labels().get("pod"))
                .containsExactly(stopped.launcherPod(), running.launcherPod());
    }

    private void start() throws IOException {
        simulator = new FleetSimulator(fleet, Clock.fixed(NOW, ZoneOffset.UTC));
        simulator.start();
        pages = new SimulatorPages(simulator);
    }

    private List<String> vmNames(String cluster) throws IOException, InterruptedException {
        return pages.samples(FleetSimulator.kubevirtPath(cluster)).stream().map(s -> s.labels().get("name")).toList();
    }

    private static List<Sample> passthroughRequests(List<Sample> kube) {
        return named(kube, REQUESTS).stream().filter(s -> PASSTHROUGH.equals(s.labels().get("resource"))).toList();
    }

    private static List<Sample> onNode(List<Sample> samples, FleetVmNode node) {
        return samples.stream().filter(sample -> node.name().equals(sample.labels().get("node"))).toList();
    }
}
