package org.aitelemetry.worker.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.FleetVm;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GPUs passed through to KubeVirt VMs, against real Prometheus scraping the simulator's vm-passthrough nodes: no
 * dcgm-exporter sees them, so each VM is known by its launcher pod's request (kube-state-metrics) and named by
 * KubeVirt's {@code kubevirt_vmi_info}; a VM stopped goes MISSING like any entity.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = FleetTestResource.class, initArgs = @ResourceArg(name = FleetTestResource.VM_NODES, value = "1"))
class FleetSyncVmTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String VMS = """
            SELECT c.name AS cluster, p.namespace, v.* FROM virtual_machine v
            JOIN research_project p ON p.id = v.project_id JOIN ai_cluster c ON c.id = v.cluster_id""";

    @InjectFleet
    FleetSimulator simulator;

    @InjectFleet
    PrometheusComponent prometheus;

    @Inject
    FleetSync sync;

    @Inject
    SourceClients sources;

    @Inject
    Pool pool;

    private FleetDefinition fleet;
    private Rows rows;

    @BeforeEach
    void everyVmIsInPrometheus() throws Exception {
        fleet = simulator.definition();
        rows = new Rows(pool);
        new FleetInPrometheus(fleet, prometheus).awaitWhole();
        awaitVms(fleet.virtualMachines().size());
    }

    @Test
    void eachVmHoldsWhatItsLauncherPodRequestsAndIsNamedByKubeVirt() {
        SyncReport report = sync();

        assertThat(fleet.virtualMachines()).as("one VM node per cluster, two VMs each").hasSize(4);
        assertThat(report.virtualMachines()).isEqualTo(fleet.virtualMachines().size());
        Map<String, Row> stored = new HashMap<>();
        rows.all(VMS).forEach(row -> stored.put(row.getString("cluster") + "/" + row.getString("namespace") + "/"
                + row.getString("name"), row));
        assertThat(stored).hasSameSizeAs(fleet.virtualMachines());
        for (FleetVm vm : fleet.virtualMachines()) {
            Row row = stored.get(vm.cluster() + "/" + vm.namespace() + "/" + vm.name());
            assertThat(row).as(vm.name()).isNotNull();
            assertThat(row.getString("launcher_pod")).isEqualTo(vm.launcherPod());
            assertThat(row.getString("node_name")).isEqualTo(vm.node().name());
            assertThat(row.getString("gpu_resource")).isEqualTo("nvidia.com/GH100_H100_SXM5_80GB");
            assertThat(row.getString("gpu_model")).as("priced as the catalogue's SKU").isEqualTo("NVIDIA H100 80GB HBM3");
            assertThat(row.getInteger("gpus")).isEqualTo(vm.gpus());
            assertThat(row.getString("phase")).isEqualTo("running");
            assertThat(row.getString("guest_os")).isEqualTo(vm.guestOs().name() + " " + vm.guestOs().versionId());
            assertThat(row.getString("instance_type")).as("KubeVirt's <none> is no instance type")
                    .isEqualTo(FleetVm.NONE.equals(vm.instanceType()) ? null : vm.instanceType());
            assertThat(row.getString("state")).isEqualTo("PRESENT");
        }
        List<String> vmNodes = fleet.vmNodes().stream().map(node -> node.name()).toList();
        assertThat(rows.set("SELECT name FROM ai_node", row -> row.getString(0)))
                .as("a vm-passthrough node has no GPU of dcgm-exporter's").doesNotContainAnyElementsOf(vmNodes);
        assertThat(sync().rowsWritten()).as("an unchanged fleet writes no VM row").isLessThanOrEqualTo(
                fleet.clusters().size());
    }

    @Test
    void aStoppedVmGoesMissingAfterTheConfiguredCycles() throws Exception {
        FleetVm stopped = fleet.virtualMachines().get(0);
        sync();
        simulator.stopVm(stopped);
        try {
            awaitVms(fleet.virtualMachines().size() - 1);
            for (int cycle = 0; cycle < 3; cycle++) {
                sync();
            }
            Row row = rows.all(VMS + " WHERE v.name = $1", stopped.name()).get(0);
            assertThat(row.getString("state")).isEqualTo("MISSING");
            assertThat(rows.count("SELECT count(*) FROM virtual_machine WHERE state = 'PRESENT'"))
                    .isEqualTo(fleet.virtualMachines().size() - 1);
        } finally {
            simulator.startVm(stopped);
            awaitVms(fleet.virtualMachines().size());
        }
        sync();
        assertThat(rows.all(VMS + " WHERE v.name = $1", stopped.name()).get(0).getString("state"))
                .as("back when it runs again").isEqualTo("PRESENT");
    }

    private void awaitVms(int running) throws Exception {
        PrometheusApi api = new PrometheusApi(prometheus.url());
        api.awaitValue("count(last_over_time(kube_pod_container_resource_requests{job=\"" + FleetSimulator.KUBE_JOB
                + "\", resource=\"nvidia_com_GH100_H100_SXM5_80GB\"}[3s])) or vector(0)", running, PATIENCE);
        api.awaitValue("count(last_over_time(kubevirt_vmi_info{job=\"" + FleetSimulator.KUBEVIRT_JOB + "\"}[3s]))"
                + " or vector(0)", running, PATIENCE);
    }

    private SyncReport sync() {
        return sync.sync(source()).await().atMost(PATIENCE);
    }

    private SourceDefinition source() {
        return sources.definitions().stream().filter(s -> s.name().equals(FleetTestResource.SOURCE)).findFirst()
                .orElseThrow();
    }
}
