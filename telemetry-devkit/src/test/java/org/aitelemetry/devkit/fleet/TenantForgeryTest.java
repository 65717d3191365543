package org.aitelemetry.devkit.fleet;

import static org.aitelemetry.devkit.fleet.SimulatorPages.named;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import org.aitelemetry.devkit.fleet.ExpositionParser.Sample;
import org.junit.jupiter.api.Test;

/** The tenant's page forges a KubeVirt VM in another team's namespace, and says what it forged. */
class TenantForgeryTest {

    @Test
    void theTenantForgesAVmOfTheVictimAndItsLauncherPodsRequestForPassthroughGpus() throws Exception {
        FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(7).vmNodesPerCluster(1).build());
        try (FleetSimulator simulator = new FleetSimulator(fleet)) {
            simulator.start();
            TenantForgery forgery = simulator.forgery();
            for (ClusterSpec cluster : fleet.clusters()) {
                FleetVm forged = forgery.forgedVm(cluster.name());
                assertThat(forged.namespace()).isEqualTo(forgery.victimNamespace(cluster.name()));
                assertThat(forged.name()).isEqualTo(TenantForgery.FORGED_VM);
                assertThat(forged.launcherPod()).startsWith("virt-launcher-" + TenantForgery.FORGED_VM + "-");
                assertThat(forged.node()).as("a real VM node").isEqualTo(fleet.vmNodes(cluster.name()).get(0));
                assertThat(fleet.virtualMachines()).extracting(FleetVm::name).doesNotContain(forged.name());

                List<Sample> page = new SimulatorPages(simulator).samples(FleetSimulator.tenantPath(cluster.name()));
                assertThat(named(page, "kubevirt_vmi_info")).singleElement().satisfies(info ->
                        assertThat(info.labels()).contains(entry("namespace", forged.namespace()),
                                entry("name", forged.name()), entry("node", forged.node().name()),
                                entry("vmi_pod", forged.launcherPod())));
                assertThat(named(page, "kube_pod_container_resource_requests"))
                        .filteredOn(request -> request.labels().get("resource").equals(forged.resourceLabel()))
                        .singleElement().satisfies(request -> {
                            assertThat(request.labels()).contains(entry("namespace", forged.namespace()),
                                    entry("pod", forged.launcherPod()), entry("container", "compute"));
                            assertThat(request.value()).isEqualTo(TenantForgery.FORGED_VM_GPUS);
                        });
            }
        }
    }

    @Test
    void whereTheClusterHasNoVmNodeTheForgedVmRunsOnANodeThatDoesNotExist() throws Exception {
        FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(7).build());
        try (FleetSimulator simulator = new FleetSimulator(fleet)) {
            simulator.start();
            FleetVm forged = simulator.forgery().forgedVm("hub-a");

            assertThat(forged.node().name()).isEqualTo(TenantForgery.FORGED_NODE);
            assertThat(named(new SimulatorPages(simulator).samples(FleetSimulator.tenantPath("hub-a")),
                    "kube_pod_container_resource_requests")).extracting(request -> request.labels().get("pod"))
                    .containsExactly(TenantForgery.FORGED_PODS.get(0), forged.launcherPod());
        }
    }
}
